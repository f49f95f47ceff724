//! HTTP plumbing: reading a request body within its size and time, and writing JSON, errors and
//! the page's files as responses.

use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::header::{HeaderValue, ALLOW, CACHE_CONTROL, CONTENT_LENGTH, CONTENT_TYPE};
use hyper::{HeaderMap, Response, StatusCode};
use std::time::Duration;

/// A request that cannot be answered as asked: the HTTP status and the message of its JSON
/// body `{"error": MESSAGE}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: u16,
    /// The message, one line.
    pub message: String,
    /// The methods allowed (the `Allow` header of a 405).
    pub allow: Option<&'static str>,
}

impl ApiError {
    /// 400: malformed JSON, a bad board or a bad field.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::with_status(400, message)
    }

    /// 422: a well-formed problem that is not well posed (a blocked start, say).
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::with_status(422, message)
    }

    /// 503: every slot is taken.
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError::with_status(503, message)
    }

    /// 500: a bug in toursat (an engine's tour failed verification, say).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::with_status(500, message)
    }

    /// An error with its own status.
    pub fn with_status(status: u16, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            allow: None,
        }
    }

    /// 405: the wrong method; `allow` lists the right ones (`GET, HEAD` or `POST`).
    pub fn not_allowed(allow: &'static str) -> ApiError {
        ApiError {
            allow: Some(allow),
            ..ApiError::with_status(405, format!("use {allow} here"))
        }
    }
}

/// A response ready to send: status, content type and body.
pub struct Reply {
    /// The HTTP status.
    pub status: u16,
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
    /// The methods allowed (the `Allow` header of a 405).
    pub allow: Option<&'static str>,
}

impl Reply {
    /// A JSON body with status 200 (the body ends with a newline, as the CLI's documents do).
    pub fn json(body: Vec<u8>) -> Reply {
        Reply {
            status: 200,
            content_type: "application/json",
            body,
            allow: None,
        }
    }

    /// A JSON value with status 200.
    pub fn value(value: &serde_json::Value) -> Reply {
        let mut body = value.to_string().into_bytes();
        body.push(b'\n');
        Reply::json(body)
    }

    /// The error's JSON body `{"error": MESSAGE}` with its status.
    pub fn error(error: &ApiError) -> Reply {
        Reply {
            status: error.status,
            allow: error.allow,
            ..Reply::value(&serde_json::json!({ "error": error.message }))
        }
    }
}

/// The body of a request with `headers`, at most `limit` bytes (status 413 past it, before
/// reading it when the request says its length) and read within `timeout` (status 408).
pub async fn read_body(
    headers: &HeaderMap,
    body: Incoming,
    limit: usize,
    timeout: Duration,
) -> Result<Bytes, ApiError> {
    let too_large = || {
        ApiError::with_status(
            413,
            format!("the request body is over the limit of {limit} bytes"),
        )
    };
    let length = headers
        .get(CONTENT_LENGTH)
        .and_then(|length| length.to_str().ok()?.parse::<u64>().ok());
    if length.is_some_and(|length| length > limit as u64) {
        return Err(too_large());
    }
    match tokio::time::timeout(timeout, Limited::new(body, limit).collect()).await {
        Ok(Ok(collected)) => Ok(collected.to_bytes()),
        Ok(Err(error)) if error.is::<LengthLimitError>() => Err(too_large()),
        Ok(Err(error)) => Err(ApiError::bad_request(format!(
            "reading the request body: {error}"
        ))),
        Err(_) => Err(ApiError::with_status(
            408,
            format!(
                "the request body did not arrive within {} s",
                timeout.as_secs_f64()
            ),
        )),
    }
}

/// The response that sends `reply`.
pub fn response(reply: Reply) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::from(reply.body)));
    *response.status_mut() =
        StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(reply.content_type));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    if let Some(allow) = reply.allow {
        headers.insert(ALLOW, HeaderValue::from_static(allow));
    }
    response
}
