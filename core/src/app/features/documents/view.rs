//! The `documents` slice: the player's documents with their status, the chosen file and the
//! upload's progress, the row asking to confirm a delete, and the identity check.

use serde::Serialize;

use crate::app::feature::SliceSink;
use crate::app::model::{Dirty, Model};
use crate::app::registry::Part;
use crate::vecs::map;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct DocumentRow {
    pub id: u64,
    /// One of `kinds`.
    pub kind: String,
    pub file_name: String,
    /// The settings constants' name of its status: pending, approved or declined.
    pub status: &'static str,
    /// ISO time of the upload.
    pub uploaded_at: String,
    /// Not approved: the player may delete it.
    pub deletable: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct DocumentsView {
    pub items: Vec<DocumentRow>,
    pub loaded: bool,
    pub failed: bool,
    pub verified: bool,
    pub verifying: bool,
    /// The chosen file's name, once it passed the checks.
    pub file: Option<String>,
    /// Why the chosen file was refused or its upload failed.
    pub error: Option<String>,
    /// Percent sent while an upload runs.
    pub progress: Option<u8>,
    /// The last upload failed; the file is kept.
    pub retry: bool,
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
        items: map(&d.items, |x| DocumentRow {
            id: x.id,
            kind: x.kind.clone(),
            file_name: x.name.clone(),
            status: super::STATUSES
                .get(x.status.wrapping_sub(1) as usize)
                .copied()
                .unwrap_or("pending"),
            uploaded_at: x.at.clone(),
            deletable: x.status != 2,
        }),
        loaded: d.loaded,
        failed: d.failed,
        verified: d.verified,
        verifying: d.verifying,
        file: d.file.as_ref().map(|f| f.0.clone()),
        error: d.error.clone(),
        progress: d.progress,
        retry: d.retry,
        asking: d.asking,
        deleting: d.deleting,
    }
}
