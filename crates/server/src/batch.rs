//! Batches for API users: `POST /api/v1/solve` with `Content-Type: application/x-ndjson`, one
//! puzzle a line (its text, a JSON object as the single endpoint takes, or a variant puzzle:
//! a link, a payload, an f-puzzles document or a JSON Lines object naming one), answered as a
//! stream of NDJSON results in input order, a chunk of lines at a time. The whole batch has
//! the server's time limit: puzzles still waiting when it runs out are answered `timeout`.

use axum::body::{Body, Bytes};
use axum::http::header;
use axum::response::Response;
use serde_json::{Map, Value};

use crate::error::ApiError;
use crate::solve::solve_line;
use crate::state::AppState;

/// Lines solved at once, in parallel, before their results are sent.
const CHUNK: usize = 512;

/// The streamed answer to a batch.
pub async fn solve_batch(state: AppState, body: Bytes) -> Result<Response, ApiError> {
    let text = String::from_utf8(body.to_vec())
        .map_err(|_| ApiError::bad_request("the body is not UTF-8 text"))?;
    let stop = state.stop(None)?;
    let lines: Vec<(usize, String)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| (i + 1, l.to_owned()))
        .collect();
    let (tx, rx) = tokio::sync::mpsc::channel::<Result<Bytes, std::io::Error>>(2);
    tokio::spawn(async move {
        for chunk in lines.chunks(CHUNK) {
            let stop = stop.clone();
            let done = state
                .run_all(chunk.to_vec(), move |(number, line)| {
                    let mut object = Map::new();
                    object.insert("line".into(), Value::from(*number));
                    if let Value::Object(rest) = solve_line(line, &stop) {
                        object.extend(rest);
                    }
                    let mut text = Value::Object(object).to_string();
                    text.push('\n');
                    text
                })
                .await;
            let sent = match done {
                Ok(texts) => tx.send(Ok(Bytes::from(texts.concat()))).await,
                Err(e) => tx.send(Err(std::io::Error::other(format!("{e:?}")))).await,
            };
            if sent.is_err() {
                break; // the client has gone
            }
        }
    });
    let stream = futures_util::stream::unfold(rx, |mut rx| async move {
        rx.recv().await.map(|item| (item, rx))
    });
    Response::builder()
        .header(header::CONTENT_TYPE, "application/x-ndjson")
        .body(Body::from_stream(stream))
        .map_err(|e| ApiError::internal(e.to_string()))
}
