//! /api/player/documents (SPEC §7 Player): a player's verification documents, uploaded as a
//! multipart form (`type`, `file`), listed with their status (the settings constants'
//! `documentStatuses`), deleted while not approved; and the identity check
//! (`services/sumsub/auth`) with the sandbox's stand-in for the provider's verification page.
//!
//! Rules a real operator keeps: jpg, png or pdf only (checked by the file's first bytes, not
//! its name), at most [`MAX_BYTES`]; an approved document stays. The files are kept on disk
//! under the sandbox's documents folder (`AppState::documents_dir`).

use axum::extract::{Multipart, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::auth::AuthPlayer;
use crate::db;
use crate::db::documents::{self as store, NewDocument, APPROVED, DECLINED, KINDS, PENDING};
use crate::error::{ApiError, ApiPath, ApiResult, FieldErrors};
use crate::state::AppState;

/// The largest file taken, bytes (the core's `documents::MAX_BYTES` is the same).
pub const MAX_BYTES: usize = 10 * 1024 * 1024;
/// What the route's body limit allows: the file and the form around it.
pub const BODY_LIMIT: usize = MAX_BYTES + 64 * 1024;
/// Longest file name kept.
const NAME_MAX: usize = 120;
/// What one player may keep at once (issue 32: 45 files, 18 MB from one player): beyond it,
/// 422 `documents_quota` until some are deleted.
pub const MAX_FILES_PER_PLAYER: i64 = 20;
pub const MAX_BYTES_PER_PLAYER: i64 = 40 * 1024 * 1024;

/// `{documents: [...], verified}`: the player's documents, newest first, and whether the
/// identity check is passed.
pub async fn list(State(state): State<AppState>, who: AuthPlayer) -> ApiResult<Json<Value>> {
    let conn = state.db();
    Ok(Json(json!({
        "documents": store::list(&conn, who.player_id)?,
        "verified": store::verified(&conn, who.player_id)?,
    })))
}

/// jpg, png or pdf by the first bytes: the stored extension.
fn sniff(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(&[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a]) {
        Some("png")
    } else if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
        Some("jpg")
    } else if bytes.starts_with(b"%PDF-") {
        Some("pdf")
    } else {
        None
    }
}

fn too_big() -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        "file_too_large",
        "The file may not be greater than 10 MB.",
    )
}

/// A multipart form `type` + `file`: 201 with the new document (status pending).
pub async fn upload(
    State(state): State<AppState>,
    who: AuthPlayer,
    mut form: Multipart,
) -> ApiResult<(StatusCode, Json<store::DocumentView>)> {
    // Uploads per player per window (429 with Retry-After), before the body is read.
    let key = format!("upload:player:{}", who.player_id);
    let l = &state.limits;
    state
        .limiter
        .take(&key, l.upload_per_player, l.window)
        .map_err(ApiError::too_many)?;
    let bad_form = |e: axum::extract::multipart::MultipartError| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            too_big()
        } else {
            ApiError::bad_request(format!("The upload is not a valid form: {}", e.body_text()))
        }
    };
    let mut kind = None;
    let mut file: Option<(String, Vec<u8>)> = None;
    while let Some(mut field) = form.next_field().await.map_err(bad_form)? {
        match field.name() {
            Some("type") => kind = Some(field.text().await.map_err(bad_form)?),
            Some("file") => {
                let name = field.file_name().unwrap_or("").trim().to_string();
                let mut bytes = Vec::new();
                while let Some(chunk) = field.chunk().await.map_err(bad_form)? {
                    if bytes.len() + chunk.len() > MAX_BYTES {
                        return Err(too_big());
                    }
                    bytes.extend_from_slice(&chunk);
                }
                file = Some((name, bytes));
            }
            _ => {}
        }
    }
    let mut errors = FieldErrors::new();
    let kind = kind.unwrap_or_default();
    if !KINDS.contains(&kind.as_str()) {
        errors.add("type", "Choose the kind of document.");
    }
    let ext = match &file {
        None => {
            errors.add("file", "Choose a file to upload.");
            None
        }
        Some((_, bytes)) if bytes.is_empty() => {
            errors.add("file", "The file is empty.");
            None
        }
        Some((_, bytes)) => {
            let ext = sniff(bytes);
            if ext.is_none() {
                errors.add("file", "The file must be a JPG, PNG or PDF.");
            }
            ext
        }
    };
    errors.check()?;
    let (Some(ext), Some((name, bytes))) = (ext, file) else {
        return Err(ApiError::bad_request("Choose a file to upload."));
    };
    let mut name: String = name
        .chars()
        .filter(|c| !c.is_control() && !matches!(c, '/' | '\\'))
        .take(NAME_MAX)
        .collect();
    if name.is_empty() {
        name = format!("document.{ext}");
    }
    let size = bytes.len() as i64;
    let (files, used) = store::usage(&state.db(), who.player_id)?;
    if files >= MAX_FILES_PER_PLAYER || used + size > MAX_BYTES_PER_PLAYER {
        return Err(ApiError::unprocessable(
            "documents_quota",
            format!(
                "You can keep at most {MAX_FILES_PER_PLAYER} documents ({} MB): delete one first.",
                MAX_BYTES_PER_PLAYER / (1024 * 1024)
            ),
            FieldErrors::new(),
        ));
    }
    let stored_as = format!("{}.{ext}", crate::secrets::random_token());
    let dir = state.documents_dir.join(who.player_id.to_string());
    let path = dir.join(&stored_as);
    // Identity papers: readable by the sandbox's user only, like the database.
    super::blocking(move || crate::secrets::write_private(&dir, &path, &bytes))
        .await?
        .map_err(|e| ApiError::internal(format!("storing a document: {e}")))?;
    let doc = store::insert(
        &state.db(),
        &NewDocument {
            player_id: who.player_id,
            kind: &kind,
            file_name: &name,
            stored_as: &stored_as,
            size,
        },
        db::now(),
    )?;
    Ok((StatusCode::CREATED, Json(doc)))
}

/// Removes a document not yet approved, and its file. Another player's id is not found.
pub async fn delete(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<Value>> {
    let stored = {
        let conn = state.db();
        let (status, stored_as) =
            store::find(&conn, who.player_id, id)?.ok_or_else(ApiError::not_found)?;
        if status == APPROVED {
            return Err(ApiError::unprocessable(
                "document_approved",
                "An approved document cannot be deleted.",
                FieldErrors::new(),
            ));
        }
        store::delete(&conn, id)?;
        stored_as
    };
    let path = state
        .documents_dir
        .join(who.player_id.to_string())
        .join(stored);
    // The row is gone; a file that cannot be removed is the operator's to clean.
    if let Err(e) = std::fs::remove_file(&path) {
        eprintln!("sandbox: removing {}: {e}", path.display());
    }
    Ok(Json(json!({})))
}

/// Control API: `{id, status}` sets a document's status (a reviewer's decision).
#[derive(Deserialize)]
pub struct StatusBody {
    id: i64,
    status: i64,
}

pub async fn set_status(
    State(state): State<AppState>,
    Json(b): Json<StatusBody>,
) -> ApiResult<Json<Value>> {
    if ![PENDING, APPROVED, DECLINED].contains(&b.status) {
        return Err(ApiError::bad_request("status is 1, 2 or 3"));
    }
    if !store::set_status(&state.db(), b.id, b.status)? {
        return Err(ApiError::not_found());
    }
    Ok(Json(json!({})))
}

fn host(headers: &HeaderMap) -> &str {
    headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("")
}

/// `{token, url}`: the identity check's token and the stand-in verification page, on this
/// host; `verified` when the player already passed it.
pub async fn sumsub_auth(
    State(state): State<AppState>,
    who: AuthPlayer,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let token = crate::secrets::random_token();
    let conn = state.db();
    store::start_check(&conn, &token, who.player_id, db::now())?;
    Ok(Json(json!({
        "token": token,
        "url": format!("http://{}/api/player/services/sumsub/check?token={token}", host(&headers)),
        "verified": store::verified(&conn, who.player_id)?,
    })))
}

#[derive(Deserialize)]
pub struct CheckQuery {
    token: Option<String>,
    back: Option<String>,
    decision: Option<String>,
}

/// Only an address on the host the request came to: no open redirect.
fn back_ok(headers: &HeaderMap, back: &str) -> bool {
    let host = host(headers);
    let rest = back
        .strip_prefix("http://")
        .or_else(|| back.strip_prefix("https://"));
    !host.is_empty()
        && crate::validation::is_plain_url(back)
        && rest.is_some_and(|r| {
            let h = r.split(['/', '?', '#']).next().unwrap_or("");
            h.eq_ignore_ascii_case(host)
        })
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The stand-in verification page: finishing the check marks the player verified and goes
/// back to the app.
pub async fn sumsub_check(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(q): Query<CheckQuery>,
) -> ApiResult<Response> {
    let token = q.token.unwrap_or_default();
    let back = q.back.unwrap_or_default();
    let now = db::now();
    if store::check_player(&state.db(), &token, now)?.is_none() {
        return Err(ApiError::bad_request(
            "This verification link is not valid or has expired. Start again from your profile.",
        ));
    }
    if !back_ok(&headers, &back) {
        return Err(ApiError::bad_request("The return address is not valid."));
    }
    if q.decision.as_deref() == Some("finish") {
        store::finish_check(&state.db(), &token, now)?;
        return Ok(Redirect::to(&back).into_response());
    }
    let page = format!(
        r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Identity check (sandbox stand-in)</title></head>
<body><main>
<h1>Identity check</h1>
<p>This page stands in for the identity verification provider. A real check would ask for a
photo of your document and a selfie here.</p>
<form method="get" action="/api/player/services/sumsub/check">
<input type="hidden" name="token" value="{t}">
<input type="hidden" name="back" value="{b}">
<p><button type="submit" name="decision" value="finish">Finish the check</button></p>
</form>
<p><a href="{b}">Back without finishing</a></p>
</main></body></html>"#,
        t = escape(&token),
        b = escape(&back),
    );
    Ok(([(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response())
}
