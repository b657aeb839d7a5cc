//! Running the library's work with the GIL released, within a deadline, and stoppable by
//! Ctrl-C.
//!
//! Python runs signal handlers only on its main thread and only while that thread holds the
//! GIL, so a long call would not see Ctrl-C. Work that may run long therefore goes to another
//! thread, and the calling thread, without the GIL, waits for it and looks for a signal every
//! [`POLL`]; on one, the work's [`Stop`] flag goes up, the work ends at its next look at the
//! stop (the engines look every few hundred guesses), and the signal's exception (usually
//! `KeyboardInterrupt`) is raised. Quick work (a 9×9 search, a few microseconds) runs on the
//! calling thread instead, since starting a thread would cost as much as the search.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use nsudoku::{Helpers, Stop};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use crate::input;

/// How often a waiting call looks for signals.
const POLL: Duration = Duration::from_millis(50);

/// One call's work: its stop (deadline, the flag Ctrl-C raises, idle threads a long search
/// may borrow) and whether it is quick.
#[derive(Debug)]
pub struct Work {
    pub stop: Stop,
    quick: bool,
}

impl Work {
    /// Work that gives up `timeout` from now. Work that is not quick may borrow this process's
    /// idle CPUs for a long search ([`Helpers`]).
    pub fn new(timeout: Option<Duration>, quick: bool) -> Work {
        Work {
            stop: Stop {
                deadline: input::deadline(timeout),
                cancel: Some(Arc::default()),
                helpers: (!quick).then(|| Helpers::new(cpus())),
                ..Stop::default()
            },
            quick,
        }
    }

    /// Runs `work` with the GIL released (see the module's note).
    pub fn run<T: Send>(
        &self,
        py: Python<'_>,
        work: impl FnOnce(&Stop) -> T + Send,
    ) -> PyResult<T> {
        let stop = &self.stop;
        if self.quick {
            return Ok(py.detach(|| work(stop)));
        }
        let cancel = stop.cancel.as_ref().expect("Work::new sets the flag");
        cancel.store(false, Ordering::Relaxed);
        detached(py, cancel, || {
            let _busy = stop.helpers.as_ref().map(Helpers::busy);
            work(stop)
        })
    }
}

/// Runs `work` on another thread, with the GIL released, while this thread looks for signals;
/// on one, raises `cancel` and, once `work` is over, returns the signal's exception.
pub fn detached<T: Send>(
    py: Python<'_>,
    cancel: &AtomicBool,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    py.detach(|| {
        std::thread::scope(|scope| {
            let (tx, rx) = mpsc::channel();
            scope.spawn(move || {
                let _ = tx.send(work());
            });
            loop {
                match rx.recv_timeout(POLL) {
                    Ok(value) => return Ok(value),
                    Err(RecvTimeoutError::Timeout) => {
                        if let Err(e) = Python::attach(|py| py.check_signals()) {
                            cancel.store(true, Ordering::Relaxed);
                            let _ = rx.recv();
                            return Err(e);
                        }
                    }
                    // The work panicked: the scope raises its panic on the way out.
                    Err(RecvTimeoutError::Disconnected) => {
                        return Err(PyRuntimeError::new_err("the work stopped"));
                    }
                }
            }
        })
    })
}

/// The CPUs this process may use.
pub fn cpus() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
