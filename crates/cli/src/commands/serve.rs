//! `nsudoku serve`: the web page and the JSON HTTP API, until Ctrl-C or SIGTERM.

use std::io::Write;

use anyhow::Context;
use nsudoku_server::Config;

use crate::cli::ServeArgs;
use crate::output::Status;

pub fn run(args: &ServeArgs) -> anyhow::Result<Status> {
    let config = Config {
        bind: args.bind,
        port: args.port,
        threads: args.threads,
        max_body: args.max_body,
        timeout: args.timeout,
    };
    nsudoku_server::init_logging();
    nsudoku_server::serve(config, |addr| {
        let mut out = std::io::stdout();
        let _ = writeln!(out, "nsudoku: serving http://{addr} (Ctrl-C stops)");
        let _ = out.flush();
    })
    .with_context(|| format!("cannot serve on {}:{}", args.bind, args.port))?;
    Ok(Status::Success)
}
