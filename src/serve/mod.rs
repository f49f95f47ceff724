//! `toursat serve`: a local web server for the page (a board editor, the tour animated, the
//! reason drawn) and its JSON API.
//!
//! The server only reads requests, asks the library and writes what the command line writes
//! (`api`); the page's files are embedded (`assets`); limits are explicit values (`limits`);
//! solves run on threads of their own, held to the cores and waited for until they end, are
//! cancelled or run out of time (`jobs`). Connections are answered by a fixed pool of threads.

mod api;
mod assets;
mod http;
mod jobs;
pub mod limits;

use api::Api;
use http::{read_body, send, ApiError, Reply};
use limits::ServeLimits;
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

/// Binds a server to `address` (port 0: a free port) with `limits`.
pub fn bind(address: SocketAddr, limits: ServeLimits) -> Result<Listener, String> {
    let server =
        Server::http(address).map_err(|error| format!("listening on {address}: {error}"))?;
    Ok(Listener {
        server: Arc::new(server),
        api: Arc::new(Api::new(limits)),
    })
}

impl Listener {
    /// The address the server listens on (with the real port when port 0 was asked).
    pub fn address(&self) -> Option<SocketAddr> {
        self.server.server_addr().to_ip()
    }

    /// Answers requests until the process ends.
    pub fn run(self) {
        let threads: Vec<_> = (0..CONNECTION_THREADS)
            .map(|_| {
                let (server, api) = (Arc::clone(&self.server), Arc::clone(&self.api));
                thread::spawn(move || {
                    for request in server.incoming_requests() {
                        answer(&api, request);
                    }
                })
            })
            .collect();
        for thread in threads {
            let _ = thread.join();
        }
    }
}

/// Answers one request; a panic in the answering is a 500, never a dropped connection.
fn answer(api: &Api, mut request: Request) {
    let reply = panic::catch_unwind(AssertUnwindSafe(|| route(api, &mut request)))
        .unwrap_or_else(|_| Err(ApiError::internal("internal error while answering")))
        .unwrap_or_else(|error| Reply::error(&error));
    send(request, reply);
}

/// The reply to `request`, by its method and path.
fn route(api: &Api, request: &mut Request) -> Result<Reply, ApiError> {
    let url = request.url().to_string();
    let (path, query) = url.split_once('?').unwrap_or((&url, ""));
    let method = request.method().clone();
    let post = |request: &mut Request, endpoint: fn(&Api, &[u8]) -> Result<Reply, ApiError>| {
        if method != Method::Post {
            return Err(not_allowed("POST"));
        }
        let body = read_body(request, api.limits.body_bytes)?;
        endpoint(api, &body)
    };
    match path {
        "/api/solve" => post(request, Api::solve),
        "/api/count" => post(request, Api::count),
        "/api/board" => post(request, Api::board),
        "/api/cancel" => post(request, Api::cancel),
        "/api/gen" | "/api/limits" if method != Method::Get => Err(not_allowed("GET")),
        "/api/gen" => api.gen(query),
        "/api/limits" => Ok(api.limits()),
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

/// The error of a request with the wrong method.
fn not_allowed(method: &str) -> ApiError {
    ApiError::with_status(405, format!("use {method} here"))
}
