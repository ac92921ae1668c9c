//! `croupier-sandbox` binary: parse flags, then run the library's server.

use std::process::ExitCode;

use croupier_sandbox::Config;

#[tokio::main]
async fn main() -> ExitCode {
    let config =
        match Config::from_env_and_args(|k| std::env::var(k).ok(), std::env::args().skip(1)) {
            Ok(c) => c,
            Err(msg) => {
                let is_help = msg.starts_with("croupier-sandbox:");
                if is_help {
                    println!("{msg}");
                    return ExitCode::SUCCESS;
                }
                eprintln!("{msg}");
                return ExitCode::from(2);
            }
        };
    match croupier_sandbox::serve(config).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("sandbox: {msg}");
            ExitCode::FAILURE
        }
    }
}
