//! The `documents` slice: the player's documents as the server listed them (passed through:
//! no per-row reader or writer in the wasm) with the status names, the chosen file and the
//! upload running, the row asking to confirm a delete, and the identity check.

use serde::{Deserialize, Serialize};

use crate::app::feature::Shared;
use crate::app::model::Config;
use crate::domain::locale::DateFormat;
use crate::domain::zone::Zone;
use crate::json::Json;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct DocumentsView {
    #[cfg_attr(
        target_arch = "wasm32",
        tsify(
            type = "{ documents: { id: number; type: string; fileName: string; status: number; createdAt: string; uploadedText: string }[]; verified: boolean } | null"
        )
    )]
    /// The server's answer (`{documents, verified}`: verified, the identity check is passed);
    /// null until it came. Each document also gets `uploadedText`: its `createdAt` as the
    /// player reads it (SPEC §9 date-time `DD.MM.YY, HH:mm`, the device's zone; empty when
    /// unreadable).
    pub list: Json,
    /// The settings constants' names of the statuses, by number - 1: pending, approved (no
    /// delete any more), declined.
    pub statuses: [&'static str; 3],
    pub failed: bool,
    pub verifying: bool,
    /// The chosen file's name, once it passed the checks.
    pub file: Option<String>,
    /// Why the chosen file was refused or its upload failed (with `file` still set: the
    /// upload failed and the file is kept for a retry).
    pub error: Option<String>,
    /// An upload runs (its percent: the input's `uploadprogress` events).
    pub uploading: bool,
    /// The row asking to confirm its delete.
    pub asking: Option<u64>,
    pub deleting: bool,
}

pub fn slice(d: &super::Documents, shared: &Shared, _config: &Config) -> DocumentsView {
    DocumentsView {
        list: with_texts(&d.list, shared.zone()),
        statuses: super::STATUSES,
        failed: d.failed,
        verifying: d.verifying,
        file: d.file.as_ref().map(|f| f.0.clone()),
        error: d.error.clone(),
        uploading: d.uploading,
        asking: d.asking,
        deleting: d.deleting,
    }
}

/// The one field of a document row the view reads (the rest passes through as it came): when
/// it was uploaded, an ISO time; absent or not a text, no date.
#[derive(Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Dated {
    #[serde(default, deserialize_with = "crate::json::lenient")]
    created_at: Option<String>,
}

/// The list with each document's `uploadedText` added (the rest passed through as it came).
fn with_texts(list: &Json, zone: &Zone) -> Json {
    let mut list = list.clone();
    if let Some(docs) = list.get_mut("documents").and_then(Json::as_array_mut) {
        for doc in docs.iter_mut() {
            let text = Dated::deserialize(&*doc)
                .unwrap_or_default()
                .created_at
                .map(|iso| zone.format_iso(&iso, DateFormat::DateTime))
                .unwrap_or_default();
            if let Some(row) = doc.as_object_mut() {
                row.insert("uploadedText".to_string(), Json::String(text));
            }
        }
    }
    list
}
