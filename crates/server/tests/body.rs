//! A body over the limit, through a real socket: the 413 reaches a client that writes its whole
//! body before it reads the answer (Python's `http.client` does), as it reaches one that waits
//! for `100 Continue` (curl does).

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use nsudoku_server::{AppState, Config, router};

/// Serves the API with `max_body` on a free port of 127.0.0.1, on the test's runtime.
async fn listening(max_body: usize) -> SocketAddr {
    let state = AppState::new(&Config {
        max_body,
        threads: 1,
        ..Config::default()
    })
    .expect("threads start");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a free port");
    let addr = listener.local_addr().expect("an address");
    tokio::spawn(async move { axum::serve(listener, router(state)).await });
    addr
}

/// Sends `head` and then `body` whole on a fresh connection, and only then reads the answer
/// to the end; the answer, or what went wrong.
fn exchange(addr: SocketAddr, head: &str, body: &[u8]) -> std::io::Result<String> {
    let mut stream = TcpStream::connect(addr)?;
    // Bounds on a test that would otherwise hang, not timings it asserts.
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    stream.set_write_timeout(Some(Duration::from_secs(30)))?;
    stream.write_all(head.as_bytes())?;
    stream.write_all(body)?;
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer)?;
    Ok(String::from_utf8_lossy(&answer).into_owned())
}

/// The head of a JSON request of `length` bytes.
fn head(length: usize, extra: &str) -> String {
    format!(
        "POST /api/v1/solve HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
         Content-Length: {length}\r\n{extra}Connection: close\r\n\r\n"
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_sends_its_whole_body_first_reads_the_413() {
    let addr = listening(1 << 10).await;
    // Far more than the socket buffers hold: the server must read it for the client to finish
    // writing.
    let body = vec![b' '; 16 << 20];
    let answer = tokio::task::spawn_blocking(move || exchange(addr, &head(body.len(), ""), &body))
        .await
        .expect("the client ran")
        .expect("the whole body sent and the answer read");
    assert!(answer.starts_with("HTTP/1.1 413 "), "{answer:.200}");
    assert!(answer.contains("\"payload_too_large\""), "{answer:.400}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_waits_for_100_continue_gets_the_413_at_once() {
    let addr = listening(1 << 10).await;
    let answer = tokio::task::spawn_blocking(move || {
        exchange(addr, &head(64 << 20, "Expect: 100-continue\r\n"), b"")
    })
    .await
    .expect("the client ran")
    .expect("the answer read");
    assert!(answer.starts_with("HTTP/1.1 413 "), "{answer:.200}");
    assert!(!answer.contains("100 Continue"), "{answer:.200}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chunked_body_over_the_limit_is_413_too() {
    let addr = listening(1 << 10).await;
    let mut body = Vec::new();
    for _ in 0..256 {
        body.extend_from_slice(b"1000\r\n");
        body.extend_from_slice(&[b' '; 0x1000]);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(b"0\r\n\r\n");
    let head = "POST /api/v1/solve HTTP/1.1\r\nHost: localhost\r\nContent-Type: \
                application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n";
    let answer = tokio::task::spawn_blocking(move || exchange(addr, head, &body))
        .await
        .expect("the client ran")
        .expect("the whole body sent and the answer read");
    assert!(answer.starts_with("HTTP/1.1 413 "), "{answer:.200}");
}
