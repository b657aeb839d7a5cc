//! The server's request decoding: any bytes as the JSON body of every endpoint, then the
//! puzzle (and the player's grid) read as the handlers read them. Nothing panics; a body that
//! decodes and reads gives a grid of a size the library handles.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nsudoku_server::api::{
    CheckRequest, CountRequest, GenerateRequest, HintRequest, LogicRequest, SolveRequest,
};

fuzz_target!(|data: &[u8]| {
    if let Ok(req) = serde_json::from_slice::<SolveRequest>(data) {
        if let Ok(grid) = req.read.grid(&req.puzzle) {
            assert!(grid.side() <= nsudoku::MAX_SIDE);
            assert!(grid.check().is_ok(), "read grids have no clashes");
        }
    }
    if let Ok(req) = serde_json::from_slice::<CountRequest>(data) {
        let _ = req.read.grid(&req.puzzle);
    }
    if let Ok(req) = serde_json::from_slice::<CheckRequest>(data) {
        let _ = req.read.grid(&req.puzzle);
    }
    if let Ok(req) = serde_json::from_slice::<HintRequest>(data) {
        let _ = req.read.grid(&req.puzzle);
        if let Some(grid) = &req.grid {
            let _ = req.read.grid_unchecked(grid, "grid");
        }
    }
    if let Ok(req) = serde_json::from_slice::<LogicRequest>(data) {
        let _ = req.read.grid(&req.puzzle);
    }
    let _ = serde_json::from_slice::<GenerateRequest>(data);
});
