//! The server's settings and shared state: the pool that does the blocking work, and the
//! limits every request is held to.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Json;
use nsudoku::Stop;

use crate::error::ApiError;

/// How the server runs: what `nsudoku serve` sets.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on.
    pub bind: std::net::IpAddr,
    /// The port (0: any free port).
    pub port: u16,
    /// Threads that solve (0: one per core).
    pub threads: usize,
    /// The largest request body, in bytes.
    pub max_body: usize,
    /// The most time a request may take: a request's own `timeout` is capped by it.
    pub timeout: Duration,
}

impl Default for Config {
    /// 127.0.0.1:8080, a thread per core, 4 MiB bodies (a 512×512 grid of numbers is 1 MiB),
    /// 10 s a request.
    fn default() -> Config {
        Config {
            bind: std::net::IpAddr::from([127, 0, 0, 1]),
            port: 8080,
            threads: 0,
            max_body: 4 << 20,
            timeout: Duration::from_secs(10),
        }
    }
}

/// Requests one solving thread may have in flight before more are refused with 503: enough
/// that a busy page or a batch client never sees one, few enough that a flood is refused at
/// once rather than queued for minutes.
const IN_FLIGHT_PER_THREAD: usize = 32;

/// How much longer than its time budget a request may wait for a solving thread.
const QUEUE_MARGIN: Duration = Duration::from_secs(2);

/// What every handler shares.
#[derive(Clone, Debug)]
pub struct AppState {
    pool: Arc<rayon::ThreadPool>,
    /// The most time a request may take.
    pub timeout: Duration,
    /// The largest request body.
    pub max_body: usize,
}

impl AppState {
    /// The state for `config`: starts the solving threads.
    pub fn new(config: &Config) -> std::io::Result<AppState> {
        let threads = match config.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("nsudoku-solve-{i}"))
            .build()
            .map_err(std::io::Error::other)?;
        Ok(AppState {
            pool: Arc::new(pool),
            timeout: config.timeout,
            max_body: config.max_body,
        })
    }

    /// Requests in flight before the server sheds load.
    pub fn max_in_flight(&self) -> usize {
        IN_FLIGHT_PER_THREAD * self.pool.current_num_threads()
    }

    /// A stop for a request that arrived now and asked for `timeout` seconds (none: the
    /// server's limit, which also caps it).
    pub fn stop(&self, timeout: Option<f64>) -> Result<Stop, ApiError> {
        let limit = match timeout {
            None => self.timeout,
            Some(t) if t.is_finite() && t >= 0.0 => {
                Duration::from_secs_f64(t.min(1e9)).min(self.timeout)
            }
            Some(t) => {
                return Err(ApiError::bad_request(format!(
                    "timeout: {t} is not a number of seconds from 0"
                )));
            }
        };
        Ok(Stop {
            deadline: Instant::now().checked_add(limit),
            ..Stop::default()
        })
    }

    /// Runs `work` on the solving threads, off the async runtime, and waits for its answer.
    /// A panic in `work` (never expected) is a 500, not a lost connection.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.pool.spawn(move || {
            let answer = std::panic::catch_unwind(AssertUnwindSafe(work))
                .unwrap_or_else(|_| Err(ApiError::internal("the work failed")));
            let _ = tx.send(answer);
        });
        // The work keeps to its own time budget; waiting longer than the server's limit (and
        // a margin) means it sat in a queue behind others: the server is too busy.
        match tokio::time::timeout(self.timeout + QUEUE_MARGIN, rx).await {
            Ok(answer) => answer.unwrap_or_else(|_| Err(ApiError::internal("the work was lost"))),
            Err(_) => Err(ApiError::overloaded()),
        }
    }

    /// The shape of every endpoint that searches: a stop for a request that asked for
    /// `timeout` seconds ([`AppState::stop`]), `work` with it on the solving threads
    /// ([`AppState::run`]), and its answer in JSON.
    pub async fn answer<T, F>(&self, timeout: Option<f64>, work: F) -> Result<Json<T>, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(Stop) -> Result<T, ApiError> + Send + 'static,
    {
        let stop = self.stop(timeout)?;
        self.run(move || work(stop)).await.map(Json)
    }

    /// Runs `work` on every item on the solving threads, in parallel, keeping their order.
    pub async fn run_all<I, T, F>(&self, items: Vec<I>, work: F) -> Result<Vec<T>, ApiError>
    where
        I: Send + Sync + 'static,
        T: Send + 'static,
        F: Fn(&I) -> T + Send + Sync + 'static,
    {
        use rayon::prelude::*;
        let pool = self.pool.clone();
        self.run(move || Ok(pool.install(|| items.par_iter().map(&work).collect())))
            .await
    }
}

/// The seed a request gave, or one from the clock (a request's puzzles then differ each time).
pub(crate) fn seed_or_clock(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    })
}
