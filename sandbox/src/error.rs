//! The one error shape of docs/API.md: `{code, message, errors?}`, and extractors that turn
//! axum's plain-text rejections into it.

use std::collections::BTreeMap;

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::de::DeserializeOwned;
use serde_json::json;

pub type ApiResult<T> = Result<T, ApiError>;

/// Per-field messages, in field order of first failure.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct FieldErrors(BTreeMap<String, Vec<String>>);

impl FieldErrors {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        self.0
            .entry(field.to_string())
            .or_default()
            .push(message.into());
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `Ok(())` when nothing failed, else the 422 `validation_failed` error.
    pub fn check(self) -> ApiResult<()> {
        if self.is_empty() {
            Ok(())
        } else {
            Err(ApiError::validation(self))
        }
    }
}

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    /// Present on every 422 (possibly empty), absent otherwise.
    pub errors: Option<FieldErrors>,
    /// Seconds to wait, on a 429: the `Retry-After` header and `retryAfter` in the body.
    pub retry_after: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            code,
            message: message.into(),
            errors: None,
            retry_after: None,
        }
    }

    /// 429 `too_many_attempts`: the caller may try again after `secs` seconds.
    pub fn too_many(secs: u64) -> Self {
        let secs = secs.max(1);
        ApiError {
            retry_after: Some(secs),
            ..Self::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too_many_attempts",
                format!("Too many attempts. Try again in {secs} seconds."),
            )
        }
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    pub fn unauthorized() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "unauthorized", "Unauthenticated.")
    }

    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", "Not found.")
    }

    pub fn validation(errors: FieldErrors) -> Self {
        Self::unprocessable("validation_failed", "The given data was invalid.", errors)
    }

    /// A 422 with a specific code, e.g. `email_taken`.
    pub fn unprocessable(
        code: &'static str,
        message: impl Into<String>,
        errors: FieldErrors,
    ) -> Self {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            code,
            message: message.into(),
            errors: Some(errors),
            retry_after: None,
        }
    }

    /// A 422 for one field with the same message at top level and on the field.
    pub fn field(code: &'static str, field: &str, message: &str) -> Self {
        let mut errors = FieldErrors::new();
        errors.add(field, message);
        Self::unprocessable(code, message, errors)
    }

    /// Server-side faults (DB trouble). Logged; the client sees a generic message.
    pub fn internal(detail: impl std::fmt::Display) -> Self {
        eprintln!("sandbox: internal error: {detail}");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal_error",
            "Something went wrong.",
        )
    }
}

impl From<rusqlite::Error> for ApiError {
    fn from(e: rusqlite::Error) -> Self {
        ApiError::internal(format!("database: {e}"))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = json!({ "code": self.code, "message": self.message });
        if let Some(errors) = self.errors {
            body["errors"] = json!(errors.0);
        }
        if let Some(secs) = self.retry_after {
            body["retryAfter"] = json!(secs);
            return (
                self.status,
                [(axum::http::header::RETRY_AFTER, secs.to_string())],
                Json(body),
            )
                .into_response();
        }
        (self.status, Json(body)).into_response()
    }
}

/// `axum::Json` whose rejection is a 400 `bad_request` in our shape instead of plain text.
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(value)) => Ok(ApiJson(value)),
            Err(rejection) => Err(json_rejection(rejection)),
        }
    }
}

fn json_rejection(rejection: JsonRejection) -> ApiError {
    // The parser's own text (serde paths, byte offsets, type names) stays in the log: the
    // caller gets a plain sentence per kind of mistake.
    eprintln!("sandbox: rejected body: {}", rejection.body_text());
    let message = match &rejection {
        JsonRejection::MissingJsonContentType(_) => {
            "Expected a JSON body with Content-Type: application/json."
        }
        JsonRejection::JsonSyntaxError(_) => "The body is not valid JSON.",
        JsonRejection::JsonDataError(_) => {
            "The body has a field of the wrong type or misses a required one."
        }
        _ => "The body could not be read.",
    };
    if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
        return ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "payload_too_large",
            "The body is too large.",
        );
    }
    ApiError::bad_request(message)
}

/// `axum::extract::Path` whose rejection is a JSON 404: a malformed id names no resource.
pub struct ApiPath<T>(pub T);

impl<S, T> FromRequestParts<S> for ApiPath<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(v)) => Ok(ApiPath(v)),
            Err(PathRejection::FailedToDeserializePathParams(_)) => Err(ApiError::not_found()),
            Err(other) => Err(ApiError::internal(other.body_text())),
        }
    }
}

/// `axum::extract::Query` whose rejection is a JSON 400.
pub struct ApiQuery<T>(pub T);

impl<S, T> FromRequestParts<S> for ApiQuery<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        axum::extract::Query::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Query(v)| ApiQuery(v))
            .map_err(|e: QueryRejection| {
                eprintln!("sandbox: rejected query: {}", e.body_text());
                ApiError::bad_request("The query string has a missing or malformed parameter.")
            })
    }
}

/// For a known /api path called with the wrong method.
pub async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "Method not allowed.",
    )
}

/// Last line of defence: a handler panic becomes a JSON 500, never a dropped connection.
pub fn panic_response(_panic: Box<dyn std::any::Any + Send + 'static>) -> Response {
    ApiError::internal("handler panicked").into_response()
}
