//! `toursat serve`: a local web server for the page (a board editor, the tour animated, the
//! reason drawn) and its JSON API.
//!
//! The server takes only requests addressed to it by this machine's names and sent by its own
//! page (`gate`), reads them within the limits of size and time (`connection`, `http`), has a
//! worker answer them as the command line would (`route`, `api`, `request`) and checks every
//! tour in the answer (`checked`); the page's files are embedded (`assets`), a board is
//! answered in the shape the page takes (`board_value`), and limits are explicit values
//! (`limits`). The page's puzzle mode asks for a puzzle's verdict, grade and hints (`puzzle`).
//! Each solve, count, generated board or puzzle runs in a worker process of its own (`work`:
//! this same program, `toursat serve --worker`), held to the slots and killed at once when its
//! request is cancelled, its client closes the connection, it passes its time limit or the
//! server stops (`jobs`). Connections are served by hyper on a tokio runtime, at most
//! `limits.connections` at once.

mod api;
mod assets;
mod board_value;
mod checked;
mod connection;
mod gate;
mod http;
mod jobs;
pub mod limits;
mod puzzle;
mod request;
mod route;
mod work;

pub use jobs::WorkerCommand;
pub use work::run_stdio as run_worker;

use api::Api;
use gate::Gate;
use limits::ServeLimits;
use route::Server;
use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// The threads of the runtime that reads and writes connections (the work runs on blocking
/// threads of its own, one a running request).
const RUNTIME_THREADS: usize = 2;

/// How long the server waits before accepting again when accepting failed (out of
/// descriptors, say), so that it does not spin.
const ACCEPT_PAUSE: Duration = Duration::from_millis(50);

/// A server bound to its address, not yet answering.
pub struct Listener {
    /// The socket, listening.
    socket: TcpListener,
    /// The endpoints and their limits.
    api: Arc<Api>,
}

/// Binds a server to `address` (port 0: a free port) with `limits`, its work done by workers
/// that `worker` starts.
pub fn bind(
    address: SocketAddr,
    limits: ServeLimits,
    worker: WorkerCommand,
) -> Result<Listener, String> {
    let socket = TcpListener::bind(address)
        .and_then(|socket| socket.set_nonblocking(true).map(|()| socket))
        .map_err(|error| format!("listening on {address}: {error}"))?;
    Ok(Listener {
        socket,
        api: Arc::new(Api::new(limits, worker)),
    })
}

/// A handle that stops a server's work: for a signal handler, on a thread of its own.
#[derive(Clone)]
pub struct Stopper {
    /// The server's endpoints and their workers.
    api: Arc<Api>,
}

impl Stopper {
    /// Kills and reaps every worker and lets no other start: the number killed.
    pub fn stop_work(&self) -> usize {
        self.api.workers.stop_all()
    }
}

impl Listener {
    /// The address the server listens on (with the real port when port 0 was asked).
    pub fn address(&self) -> Option<SocketAddr> {
        self.socket.local_addr().ok()
    }

    /// A handle that stops the server's work.
    pub fn stopper(&self) -> Stopper {
        Stopper {
            api: Arc::clone(&self.api),
        }
    }

    /// Answers requests until the process ends; an error only when the server cannot start.
    pub fn run(self) -> Result<(), String> {
        let address = self
            .address()
            .ok_or_else(|| "the server has no address".to_string())?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(RUNTIME_THREADS)
            .enable_all()
            .build()
            .map_err(|error| format!("starting the server's threads: {error}"))?;
        let connections = self.api.limits.connections.max(1);
        let server = Arc::new(Server {
            gate: Gate::new(address.ip(), address.port()),
            api: self.api,
        });
        let served: Result<(), String> = runtime.block_on(async move {
            let socket = tokio::net::TcpListener::from_std(self.socket)
                .map_err(|error| format!("listening on {address}: {error}"))?;
            let open = Arc::new(Semaphore::new(connections));
            loop {
                let Ok((stream, _)) = socket.accept().await else {
                    tokio::time::sleep(ACCEPT_PAUSE).await;
                    continue;
                };
                match Arc::clone(&open).try_acquire_owned() {
                    Ok(permit) => {
                        let server = Arc::clone(&server);
                        tokio::spawn(async move {
                            connection::serve(stream, server).await;
                            drop(permit);
                        });
                    }
                    Err(_) => connection::refuse(stream, connections),
                }
            }
        });
        served
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::net::TcpStream;

    #[test]
    fn a_connection_past_the_limit_is_answered_503_and_the_others_are_served() {
        let limits = ServeLimits {
            connections: 2,
            ..ServeLimits::default()
        };
        let worker = WorkerCommand {
            program: "false".into(),
            args: Vec::new(),
        };
        let listener = bind("127.0.0.1:0".parse().unwrap(), limits, worker).unwrap();
        let address = listener.address().unwrap();
        // The server runs until the test process ends.
        std::thread::spawn(move || listener.run());
        let connect = || {
            let stream = TcpStream::connect(address).unwrap();
            stream
                .set_read_timeout(Some(Duration::from_secs(10)))
                .unwrap();
            stream
        };
        let mut held = [connect(), connect()];
        let mut refused = String::new();
        connect().read_to_string(&mut refused).unwrap();
        assert!(refused.starts_with("HTTP/1.1 503 "), "{refused}");
        assert!(refused.contains("2 connections are open"), "{refused}");
        // The connections held are served.
        let request =
            format!("GET /api/status HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n");
        held[0].write_all(request.as_bytes()).unwrap();
        let mut answer = String::new();
        held[0].read_to_string(&mut answer).unwrap();
        assert!(answer.starts_with("HTTP/1.1 200 "), "{answer}");
        drop(held);
    }
}
