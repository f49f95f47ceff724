//! A request routed to its answer: the gate first (`Host`, `Origin`), then the endpoint by
//! method and path. Work (a solve, a count, a generated board) runs on a blocking thread and
//! is stopped when its client goes (a [`Watch`]).

use super::api::Api;
use super::assets;
use super::gate::Gate;
use super::http::{read_body, response, ApiError, Reply};
use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::header::{HOST, ORIGIN};
use hyper::{Method, Request, Response};
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// What every connection shares: the endpoints and the gate.
pub struct Server {
    /// The endpoints, their limits and workers.
    pub api: Arc<Api>,
    /// The names and the port the server answers to.
    pub gate: Gate,
}

/// The methods of the endpoints that read (`GET`, and `HEAD`: the same answer without its body).
const READ: &str = "GET, HEAD";

/// The method of the endpoints that take a body.
const WRITE: &str = "POST";

/// The response to `request`; never an error (errors are JSON responses).
pub async fn answer(
    server: Arc<Server>,
    request: Request<Incoming>,
) -> Result<Response<Full<Bytes>>, Infallible> {
    let headers = request.headers();
    let taken = server.gate.check(
        headers.get(HOST).map(|host| host.as_bytes()),
        headers.get(ORIGIN).map(|origin| origin.as_bytes()),
    );
    let reply = match taken {
        Ok(()) => route(&server.api, request).await,
        Err(error) => Err(error),
    };
    Ok(response(reply.unwrap_or_else(|error| Reply::error(&error))))
}

/// The endpoint work of the `POST` endpoints that may run long.
type Work = fn(&Api, &[u8], &dyn Fn() -> bool) -> Result<Reply, ApiError>;

/// The work of a `POST` endpoint that may run long (on a blocking thread), by its path.
fn work_of(path: &str) -> Option<Work> {
    match path {
        "/api/solve" => Some(Api::solve),
        "/api/count" => Some(Api::count),
        "/api/gen" => Some(Api::gen),
        "/api/hint" => Some(Api::hint),
        "/api/board" => Some(|api, body, _| api.board(body)),
        _ => None,
    }
}

/// The reply to `request` by its method and path.
async fn route(api: &Arc<Api>, request: Request<Incoming>) -> Result<Reply, ApiError> {
    let path = request.uri().path().to_string();
    let method = request.method().clone();
    if let Some(work) = work_of(&path) {
        if method != Method::POST {
            return Err(ApiError::not_allowed(WRITE));
        }
        let body = body(api, request).await?;
        return run(api, body, work).await;
    }
    let reads = method == Method::GET || method == Method::HEAD;
    match path.as_str() {
        "/api/cancel" if method != Method::POST => Err(ApiError::not_allowed(WRITE)),
        "/api/cancel" => api.cancel(&body(api, request).await?),
        "/api/limits" | "/api/status" if !reads => Err(ApiError::not_allowed(READ)),
        "/api/limits" => Ok(api.limits()),
        "/api/status" => Ok(api.status()),
        _ if path.starts_with("/api/") => Err(ApiError::with_status(
            404,
            format!("no endpoint {path}: see docs/json.md"),
        )),
        _ => match assets::asset(&path) {
            Some(_) if !reads => Err(ApiError::not_allowed(READ)),
            Some((content_type, text)) => Ok(Reply {
                status: 200,
                content_type,
                body: text.as_bytes().to_vec(),
                allow: None,
            }),
            None => Err(ApiError::with_status(404, format!("no page {path}"))),
        },
    }
}

/// The body of `request`, within the body limits.
async fn body(api: &Api, request: Request<Incoming>) -> Result<Bytes, ApiError> {
    let (head, body) = request.into_parts();
    let limits = &api.limits;
    read_body(&head.headers, body, limits.body_bytes, limits.read_timeout).await
}

/// Runs `work` on `body` on a blocking thread, watched: when this future is dropped (its client
/// has gone), the work hears so and kills its worker. A panic in the work is a 500.
async fn run(api: &Arc<Api>, body: Bytes, work: Work) -> Result<Reply, ApiError> {
    let watch = Watch::default();
    let gone = watch.gone();
    let api = Arc::clone(api);
    let answered = tokio::task::spawn_blocking(move || work(&api, &body, &gone)).await;
    drop(watch);
    answered.unwrap_or_else(|_| Err(ApiError::internal("internal error while answering")))
}

/// Whether a request's client has gone: raised when dropped, which happens with the request's
/// future before the work is done only when hyper drops that future (its connection ended);
/// read by the work that runs for it.
#[derive(Debug, Default)]
pub struct Watch {
    /// Whether the request's future has been dropped.
    gone: Arc<AtomicBool>,
}

impl Watch {
    /// The question the work asks: whether the client has gone.
    pub fn gone(&self) -> impl Fn() -> bool + Send + 'static {
        let gone = Arc::clone(&self.gone);
        move || gone.load(Ordering::Acquire)
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.gone.store(true, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::Watch;

    #[test]
    fn a_watch_says_gone_once_dropped() {
        let watch = Watch::default();
        let gone = watch.gone();
        assert!(!gone());
        drop(watch);
        assert!(gone());
    }
}
