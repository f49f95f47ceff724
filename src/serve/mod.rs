//! `toursat serve`: a local web server for the page (a board editor, the tour animated, the
//! reason drawn) and its JSON API.
//!
//! The server only reads requests (`request`), has a worker answer them as the command line
//! would (`api`) and checks every tour in the answer (`checked`); the page's files are embedded
//! (`assets`); limits are explicit values (`limits`). Each solve, count or generated board runs
//! in a worker process of its own (`work`: this same program, `toursat serve --worker`), held
//! to the slots and killed at once when its request is cancelled, its client closes the
//! connection (`connection`), it passes its time limit or the server stops (`jobs`).
//! Connections are answered by a fixed pool of threads.

mod api;
mod assets;
mod checked;
mod connection;
mod http;
mod jobs;
pub mod limits;
mod request;
mod work;

pub use jobs::WorkerCommand;
pub use work::run_stdio as run_worker;

use api::Api;
use connection::Connection;
use http::{read_body, send, ApiError, Reply};
use limits::ServeLimits;
use std::cell::OnceCell;
use std::net::SocketAddr;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Arc;
use std::thread;
use tiny_http::{Method, Request, Server};

/// Threads that answer connections: more than the solves at once, so that a page, an error or
/// a 503 is answered while solves run.
const CONNECTION_THREADS: usize = 16;

/// A server bound to its address, not yet answering.
pub struct Listener {
    /// The HTTP server.
    server: Arc<Server>,
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
    let server =
        Server::http(address).map_err(|error| format!("listening on {address}: {error}"))?;
    Ok(Listener {
        server: Arc::new(server),
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
        self.server.server_addr().to_ip()
    }

    /// A handle that stops the server's work.
    pub fn stopper(&self) -> Stopper {
        Stopper {
            api: Arc::clone(&self.api),
        }
    }

    /// Answers requests until the process ends.
    pub fn run(self) {
        let port = self.address().map(|address| address.port());
        let threads: Vec<_> = (0..CONNECTION_THREADS)
            .map(|_| {
                let (server, api) = (Arc::clone(&self.server), Arc::clone(&self.api));
                thread::spawn(move || {
                    for request in server.incoming_requests() {
                        answer(&api, request, port);
                    }
                })
            })
            .collect();
        for thread in threads {
            let _ = thread.join();
        }
    }
}

/// Answers one request that came to the server's `port`; a panic in the answering is a 500,
/// never a dropped connection.
fn answer(api: &Api, mut request: Request, port: Option<u16>) {
    let reply = panic::catch_unwind(AssertUnwindSafe(|| route(api, &mut request, port)))
        .unwrap_or_else(|_| Err(ApiError::internal("internal error while answering")))
        .unwrap_or_else(|error| Reply::error(&error));
    send(request, reply);
}

/// The reply to `request` (to the server's `port`), by its method and path.
fn route(api: &Api, request: &mut Request, port: Option<u16>) -> Result<Reply, ApiError> {
    let url = request.url().to_string();
    let (path, query) = url.split_once('?').unwrap_or((&url, ""));
    let method = request.method().clone();
    let client = port.zip(request.remote_addr().copied());
    let post = |request: &mut Request, endpoint: &dyn Fn(&[u8]) -> Result<Reply, ApiError>| {
        if method != Method::Post {
            return Err(not_allowed("POST"));
        }
        let body = read_body(request, api.limits.body_bytes)?;
        endpoint(&body)
    };
    match path {
        "/api/solve" => post(request, &|body| {
            watching(client, |gone| api.solve(body, gone))
        }),
        "/api/count" => post(request, &|body| {
            watching(client, |gone| api.count(body, gone))
        }),
        "/api/board" => post(request, &|body| api.board(body)),
        "/api/cancel" => post(request, &|body| api.cancel(body)),
        "/api/gen" | "/api/limits" | "/api/status" if method != Method::Get => {
            Err(not_allowed("GET"))
        }
        "/api/gen" => watching(client, |gone| api.gen(query, gone)),
        "/api/limits" => Ok(api.limits()),
        "/api/status" => Ok(api.status()),
        _ if path.starts_with("/api/") => Err(ApiError::with_status(
            404,
            format!("no endpoint {path}: see docs/json.md"),
        )),
        _ => match assets::asset(path) {
            Some(_) if method != Method::Get => Err(not_allowed("GET")),
            Some((content_type, text)) => Ok(Reply {
                status: 200,
                content_type,
                body: text.as_bytes().to_vec(),
            }),
            None => Err(ApiError::with_status(404, format!("no page {path}"))),
        },
    }
}

/// Runs `endpoint` with a question that says whether the client (the server's port and the
/// client's address) has closed its connection. The connection is looked for when the question
/// is first asked (a request answered within [`jobs::WATCH_INTERVAL`] never looks); one not
/// found never says so.
fn watching<T>(
    client: Option<(u16, SocketAddr)>,
    endpoint: impl FnOnce(&dyn Fn() -> bool) -> T,
) -> T {
    let connection = OnceCell::new();
    endpoint(&|| {
        connection
            .get_or_init(|| client.and_then(|(port, peer)| Connection::of(port, peer)))
            .as_ref()
            .is_some_and(Connection::closed_by_client)
    })
}

/// The error of a request with the wrong method.
fn not_allowed(method: &str) -> ApiError {
    ApiError::with_status(405, format!("use {method} here"))
}
