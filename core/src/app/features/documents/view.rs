//! The `documents` slice: the player's documents as the server listed them (passed through:
//! no per-row reader or writer in the wasm) with the status names, the chosen file and the
//! upload running, the row asking to confirm a delete, and the identity check.

use serde::Serialize;

use crate::app::feature::SliceSink;
use crate::app::model::{Dirty, Model};
use crate::app::registry::Part;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct DocumentsView {
    #[cfg_attr(
        target_arch = "wasm32",
        tsify(
            type = "{ documents: { id: number; type: string; fileName: string; status: number; createdAt: string }[]; verified: boolean } | null"
        )
    )]
    /// The server's answer (`{documents, verified}`: verified, the identity check is passed);
    /// null until it came.
    pub list: crate::json::Json,
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

pub const READS: &[Part] = &[Part::Documents];

pub fn slices<S: SliceSink>(model: &Model, dirty: Dirty, out: &mut S) {
    if dirty.touches(READS, false) {
        out.put("documents", &slice(model));
    }
}

pub fn slice(model: &Model) -> DocumentsView {
    let d = &model.f.documents;
    DocumentsView {
        list: d.list.clone(),
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
