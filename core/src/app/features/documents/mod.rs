//! Verification documents and the identity check (SPEC §7 Player `documents`,
//! `services/sumsub/auth`; issue 14), on the personal page under the personal form: the
//! details a player fills there are what the documents prove.
//!
//! A chosen file is checked here before anything is sent (JPG, PNG or PDF by its name, at most
//! [`MAX_BYTES`]); the upload is a multipart form the runtime sends with XMLHttpRequest (fetch
//! cannot report upload progress), the file read from the page's input [`FILE_INPUT`], which
//! gets the percent sent as `uploadprogress` events for the view's bar (a passing number the
//! core has no use for: it keeps only that an upload runs). A
//! failed upload keeps the file and offers a retry. A document not yet approved can be
//! deleted after a confirmation in its row. "Verify identity" goes to the provider's page
//! (the sandbox's stand-in), which comes back to this page; the list then says verified.

pub mod view;

use crate::app::calls::{self, Answer, Auth, Endpoint, ResponseError, Route};
use crate::app::effect::{Effect, LogLevel, Method};
use crate::app::feature::{Cx, Feature, Hook, SessionChange};
use crate::app::registry::Req;
use crate::domain::route::RouteName;
use crate::json::Json;
use serde::{Deserialize, Serialize};

/// The largest file taken (the sandbox refuses a bigger one with 413).
pub const MAX_BYTES: u64 = 10 * 1024 * 1024;
/// The file input the runtime reads the chosen file from.
pub const FILE_INPUT: &str = "document-file";
/// Extensions taken (the sandbox checks the file's first bytes).
pub const EXTENSIONS: [&str; 4] = ["jpg", "jpeg", "png", "pdf"];
/// Kinds of document a player can upload.
pub const KINDS: [&str; 4] = ["identity", "address", "payment", "selfie"];
/// The settings constants' `documentStatuses` names, by number - 1 (pending 1, approved 2,
/// declined 3): the view names a row's status by them.
pub const STATUSES: [&str; 3] = ["pending", "approved", "declined"];

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Documents {
    /// The server's answer as it came: `{documents: [{id, type, fileName, size, status,
    /// createdAt}], verified}` (verified: the identity check is passed); null until then.
    pub list: Json,
    pub loading: bool,
    pub failed: bool,
    /// The chosen file, checked: (name, bytes).
    pub file: Option<(String, u64)>,
    /// Why the chosen file was refused, or why its upload failed.
    pub error: Option<String>,
    /// An upload runs (its percent is the view's, from the input's events).
    pub uploading: bool,
    /// The document whose row asks to confirm the delete.
    pub asking: Option<u64>,
    pub deleting: bool,
    /// The identity check is being opened.
    pub verifying: bool,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum DocumentsUi {
    /// A file was chosen in [`FILE_INPUT`]: its name and size.
    DocumentFile {
        name: String,
        size: u64,
    },
    /// Send the chosen file as this kind (also the retry).
    DocumentUpload {
        kind: String,
    },
    /// The first press asks in the row; the same id again (the row's confirm) deletes it; id 0
    /// keeps it.
    DocumentDelete {
        id: u64,
    },
    IdentityVerify,
}

/// The upload's form fields beside the file: the document's type.
#[derive(Serialize)]
pub struct UploadBody<'a> {
    #[serde(rename = "type")]
    pub kind: &'a str,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    List,
    Upload,
    Delete(u64),
    Sumsub,
}

const PATH: &str = "/api/player/documents";

impl Endpoint for Call {
    fn endpoint(&self) -> Route {
        match self {
            Call::List => Route::get(PATH, Auth::Player),
            Call::Upload => Route::write(Method::Post, PATH, Auth::Player).upload(FILE_INPUT),
            Call::Delete(id) => Route::item(Method::Delete, PATH, id, "", Auth::Player),
            Call::Sumsub => Route::write(
                Method::Post,
                "/api/player/services/sumsub/auth",
                Auth::Player,
            ),
        }
    }
}

impl Feature for Documents {
    type Ui = DocumentsUi;
    type Call = Call;
    type Tick = ();
    // Read in the group's chunk (`Group::read`); the lib test checks the list.
    const INTENTS: &'static [&'static str] = &[
        "documentDelete",
        "documentFile",
        "documentUpload",
        "identityVerify",
    ];

    fn ui(&mut self, event: DocumentsUi, cx: &mut Cx) {
        if !cx.shared.is_player() {
            return;
        }
        match event {
            DocumentsUi::DocumentFile { name, size } => {
                self.file = None;
                self.error = match check(&name, size) {
                    Some(key) => Some(cx.text(key)),
                    None => {
                        self.file = Some((name, size));
                        None
                    }
                };
            }
            DocumentsUi::DocumentUpload { kind } => {
                if self.file.is_some() && !self.uploading {
                    self.error = None;
                    self.uploading = true;
                    cx.send(Req::Documents(Call::Upload), &UploadBody { kind: &kind });
                }
            }
            DocumentsUi::DocumentDelete { id } => {
                if self.asking != Some(id) {
                    self.asking = (id != 0).then_some(id);
                } else if !self.deleting {
                    self.deleting = true;
                    cx.call(Req::Documents(Call::Delete(id)), None);
                }
            }
            DocumentsUi::IdentityVerify => {
                if !self.verifying {
                    self.verifying = true;
                    cx.call(Req::Documents(Call::Sumsub), None);
                }
            }
        }
    }

    fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> bool {
        match hook {
            Hook::Session(SessionChange::Ended) => {
                *self = Documents::default();
                true
            }
            Hook::Session(SessionChange::Started { .. }) | Hook::Navigated { .. } => {
                let here = cx
                    .shared
                    .route
                    .as_ref()
                    .is_ok_and(|r| r.route_name() == Some(RouteName::ProfilePersonal));
                // Fresh on every visit: the identity check comes back to this page.
                if here && cx.shared.is_player() && !self.loading {
                    self.reload(cx);
                    return true;
                }
                false
            }
            _ => false,
        }
    }

    fn answered(&mut self, call: Call, answer: Answer, cx: &mut Cx) {
        match call {
            Call::List => {
                self.loading = false;
                match calls::read_json(answer) {
                    Ok(v) => {
                        self.list = v;
                        self.failed = false;
                    }
                    Err(e) => {
                        cx.log_err(LogLevel::Warn, "documents", &e);
                        self.failed = true;
                    }
                }
            }
            Call::Upload => {
                self.uploading = false;
                match answer {
                    Ok(_) => {
                        // The list again, as the server has it (newest first).
                        self.reload(cx);
                        self.file = None;
                        cx.success("alerts.documentUploaded");
                    }
                    Err(e) => {
                        cx.log_err(LogLevel::Warn, "document upload", &e);
                        self.error = Some(refusal(&e, cx));
                    }
                }
            }
            Call::Delete(_) => {
                self.deleting = false;
                self.asking = None;
                match answer {
                    Ok(_) | Err(ResponseError::Status { status: 404, .. }) => {
                        self.reload(cx);
                        cx.success("alerts.documentDeleted");
                    }
                    Err(e) => {
                        cx.log_err(LogLevel::Warn, "document delete", &e);
                        cx.error("alerts.documentDeleteFailed");
                    }
                }
            }
            Call::Sumsub => {
                self.verifying = false;
                let started = answer.and_then(|t| {
                    crate::json::from_str::<Started>(&t).map_err(ResponseError::Malformed)
                });
                match started {
                    // Back to this page (a path of ours: nothing in it to encode).
                    Ok(Started { url }) if !url.is_empty() => {
                        let url = [&url, "&back=", &cx.config.origin, &cx.shared.location.path];
                        cx.effect(Effect::Load { url: url.concat() });
                    }
                    Ok(_) => cx.error("alerts.somethingWrong"),
                    Err(e) => {
                        cx.log_err(LogLevel::Warn, "verification start", &e);
                        cx.error("alerts.somethingWrong");
                    }
                }
            }
        }
    }
}

/// `POST /api/player/services/sumsub/auth` (SPEC §7): where the verification provider's page
/// is; without a text `url` the answer is refused.
#[derive(Deserialize)]
struct Started {
    url: String,
}

impl Documents {
    fn reload(&mut self, cx: &mut Cx) {
        self.loading = true;
        cx.call(Req::Documents(Call::List), None);
    }
}

/// The text key of what is wrong with a chosen file, before it is sent.
pub fn check(name: &str, size: u64) -> Option<&'static str> {
    let ext = name.rsplit_once('.').map_or("", |(_, e)| e);
    if !EXTENSIONS.iter().any(|x| x.eq_ignore_ascii_case(ext)) {
        Some("global-components.documents.wrongType")
    } else if size > MAX_BYTES {
        Some("global-components.documents.tooBig")
    } else if size == 0 {
        Some("global-components.documents.empty")
    } else {
        None
    }
}

/// The server's reason (the file's field message first), else "the upload failed".
fn refusal(e: &ResponseError, cx: &Cx) -> String {
    if let ResponseError::Status { error, .. } = e {
        // A field's message (the form has two: file, type), else the server's sentence.
        if let Some((_, m)) = error.errors.first() {
            if let Some(m) = m.first() {
                return m.clone();
            }
        }
        if !error.message.is_empty() {
            return error.message.clone();
        }
    }
    cx.text("global-components.documents.failed")
}
