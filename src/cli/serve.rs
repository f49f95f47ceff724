//! `toursat serve`: the page and the JSON API on a local web server.

use super::args::parse_timeout;
use super::error::CliError;
use clap::Args;
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::{Command, Stdio};
use std::time::Duration;
use toursat::serve::{self, limits};

/// Examples shown under `toursat serve --help`.
pub const EXAMPLES: &str = "\
Examples:
  toursat serve --open
  toursat serve --port 8000 --timeout 30 --max-squares 40000
  toursat serve --port 0    # a free port; the address is printed";

/// Arguments of `toursat serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0: a free one, printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on. Anything but a loopback address lets other machines in: a
    /// warning says so.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    bind: IpAddr,
    /// Open the page in the browser (xdg-open or open; failing to is a warning).
    #[arg(long)]
    open: bool,
    /// Refuse boards with more squares than this.
    #[arg(long, value_name = "N", default_value_t = limits::MAX_SQUARES)]
    max_squares: u64,
    /// The most seconds a request may run (its own `timeout` is cut to this, and defaults to
    /// it).
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout,
          default_value = "10")]
    timeout: Duration,
    /// The largest request body, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = limits::BODY_BYTES)]
    max_body: usize,
    /// The most solves (and counts, generated boards) at once; more are refused with status
    /// 503 [default: the cores]
    #[arg(long, value_name = "N")]
    solves: Option<usize>,
    /// The most memory of one solve, in MiB (its worker's address space; 0: no limit). A solve
    /// past it is answered with status 507, "out of memory".
    #[arg(long, value_name = "MIB", default_value_t = limits::MEMORY_BYTES >> 20)]
    max_memory: u64,
    /// The most seconds to read a request's head, and again its body: a slower client's
    /// connection is closed (its body answered 408).
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout, default_value = "10")]
    read_timeout: Duration,
    /// Be a worker: read one job on stdin, write its answer on stdout (the server starts
    /// these).
    #[arg(long, hide = true)]
    worker: bool,
}

/// Runs `toursat serve` until the process is stopped (Ctrl-C), or one worker.
pub fn run(args: &ServeArgs) -> Result<u8, CliError> {
    if args.worker {
        return Ok(u8::try_from(serve::run_worker()).unwrap_or(super::exit::INTERNAL));
    }
    let defaults = limits::ServeLimits::default();
    let limits = limits::ServeLimits {
        body_bytes: args.max_body,
        max_squares: args.max_squares,
        timeout: args.timeout,
        solves: args.solves.unwrap_or(defaults.solves).max(1),
        memory_bytes: (args.max_memory > 0).then(|| args.max_memory.saturating_mul(1 << 20)),
        read_timeout: args.read_timeout,
        ..defaults
    };
    let program = std::env::current_exe()
        .map_err(|error| CliError::input(format!("finding toursat's own executable: {error}")))?;
    let worker = serve::WorkerCommand {
        program,
        args: vec!["serve".into(), "--worker".into()],
    };
    ignore_broken_pipes();
    let listener = serve::bind(SocketAddr::new(args.bind, args.port), limits, worker)
        .map_err(CliError::input)?;
    let stopper = listener.stopper();
    ctrlc::set_handler(move || {
        stopper.stop_work();
        // Whoever reads the output may be gone: the server stops all the same.
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "toursat serve: stopped").and_then(|()| out.flush());
        std::process::exit(i32::from(super::exit::SUCCESS));
    })
    .map_err(|error| CliError::input(format!("setting the Ctrl-C handler: {error}")))?;
    let address = listener
        .address()
        .ok_or_else(|| CliError::input("the server has no IP address"))?;
    let url = format!("http://{}/", reachable(address));
    if !args.bind.to_canonical().is_loopback() {
        eprintln!(
            "toursat: warning: listening on {}, not a loopback address: other machines can \
             reach this server",
            args.bind
        );
    }
    let listening = if args.bind.is_unspecified() {
        format!(
            "listening on all addresses ({}), port {}: open {url}",
            args.bind,
            address.port()
        )
    } else {
        format!("listening on {url}")
    };
    let mut out = std::io::stdout().lock();
    writeln!(out, "toursat serve: {listening} (Ctrl-C stops it)")
        .and_then(|()| out.flush())
        .map_err(|error| CliError::input(format!("writing the address: {error}")))?;
    drop(out);
    if args.open {
        open_browser(&url);
    }
    listener.run().map_err(CliError::input)?;
    Ok(super::exit::SUCCESS)
}

/// The address a browser on this machine reaches the server at: loopback for a server bound to
/// all addresses, which a browser cannot open, and an IPv4 address mapped into IPv6 as IPv4.
fn reachable(address: SocketAddr) -> SocketAddr {
    let ip = match address.ip().to_canonical() {
        IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(std::net::Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    SocketAddr::new(ip, address.port())
}

/// Lets a write to a worker that has died be an error, not the end of the server (`main` lets
/// SIGPIPE end the other commands quietly).
#[cfg(unix)]
fn ignore_broken_pipes() {
    // SAFETY: SIG_IGN is a valid disposition for SIGPIPE; no handler runs.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
}

/// Other platforms have no SIGPIPE.
#[cfg(not(unix))]
fn ignore_broken_pipes() {}

/// Opens `url` in the browser; a failure is a warning.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    let started = Command::new(opener)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    match started {
        // Reaped by a thread of its own, so that it leaves no zombie while the server runs.
        Ok(mut child) => drop(std::thread::spawn(move || child.wait())),
        Err(error) => {
            eprintln!("toursat: warning: could not open the browser with {opener}: {error}")
        }
    }
}
