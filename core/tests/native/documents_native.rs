//! Verification documents and the identity check (issue 14): the list on the personal page,
//! the checks before an upload (type, size), an upload that succeeds or fails (the file kept
//! for a retry), the upload running, the delete asked in the row first, the Sumsub call.

use crate::support;

use croupier_core::app::effect::Method;
use croupier_core::app::features::documents::{self, Call, DocumentsUi, FILE_INPUT, MAX_BYTES};
use croupier_core::app::{view, Effect, Model, Req};
use croupier_core::domain::zone::Zone;
use serde_json::json;
use support::{fail, http, respond, restored, ui};

fn d(c: Call) -> Req {
    Req::Documents(c)
}

fn listed() -> serde_json::Value {
    json!({"documents": [
        {"id": 2, "type": "address", "fileName": "bill.pdf", "size": 10, "status": 2, "createdAt": "2026-11-26T07:00:00Z"},
        {"id": 1, "type": "identity", "fileName": "id.png", "size": 10, "status": 1, "createdAt": "2026-11-25T07:00:00Z"}
    ], "verified": false})
}

/// The personal page with the documents listed.
fn page() -> Model {
    page_in(Zone::default(), listed())
}

/// [`page`] on a device in `zone`, with `answer` listed.
fn page_in(zone: Zone, answer: serde_json::Value) -> Model {
    let (mut m, fx) = support::restored_in("/profile/personal", zone);
    let h = http(&fx)
        .into_iter()
        .find(|h| h.req == d(Call::List))
        .cloned()
        .expect("the page asks for the documents");
    assert_eq!(h.path, "/api/player/documents");
    assert_eq!(h.method, Method::Get);
    assert!(h.bearer.is_some());
    respond(&mut m, d(Call::List), 200, answer);
    m
}

fn choose(m: &mut Model, name: &str, size: u64) -> Vec<Effect> {
    ui(
        m,
        DocumentsUi::DocumentFile {
            name: name.into(),
            size,
        },
    )
}

#[test]
fn the_list_shows_type_file_time_and_status_names() {
    let m = page();
    let v = view(&m).documents;
    assert!(!v.failed);
    // The answer as the server sent it (the view reads the rows' id, type, fileName, status,
    // createdAt, and verified), with each row's uploadedText (SPEC §9 date-time, UTC here).
    let mut expected = listed();
    expected["documents"][0]["uploadedText"] = json!("26.11.26, 07:00");
    expected["documents"][1]["uploadedText"] = json!("25.11.26, 07:00");
    assert_eq!(v.list, expected);
    // Status names are the settings constants' (sandbox `documentStatuses`), by number - 1.
    assert_eq!(v.statuses, ["pending", "approved", "declined"]);
    let sandbox = include_str!("../../../sandbox/src/constants.rs");
    assert!(
        sandbox.contains(r#""documentStatuses": { "pending": 1, "approved": 2, "declined": 3 }"#)
    );
    // Another page does not ask.
    let (_, fx) = restored("/profile/info");
    assert!(http(&fx).iter().all(|h| h.req != d(Call::List)));
}

#[test]
fn a_wrong_type_or_size_is_refused_before_any_request() {
    let mut m = page();
    for (name, size, key) in [
        ("notes.txt", 10, "global-components.documents.wrongType"),
        ("scan", 10, "global-components.documents.wrongType"),
        (
            "big.PNG",
            MAX_BYTES + 1,
            "global-components.documents.tooBig",
        ),
        ("zero.pdf", 0, "global-components.documents.empty"),
    ] {
        let fx = choose(&mut m, name, size);
        assert!(http(&fx).is_empty(), "{name}: nothing sent");
        let v = view(&m).documents;
        assert_eq!(v.file, None, "{name}");
        let en: serde_json::Value =
            serde_json::from_str(include_str!("../../content/en.json")).unwrap();
        assert_eq!(v.error.as_deref(), en[key].as_str(), "{name}");
        // Upload does nothing without an accepted file.
        let fx = ui(
            &mut m,
            DocumentsUi::DocumentUpload {
                kind: "identity".into(),
            },
        );
        assert!(http(&fx).is_empty());
    }
    assert_eq!(documents::check("ID.JPEG", MAX_BYTES), None);
    assert_eq!(documents::check("a.b.pdf", 1), None);
}

#[test]
fn an_upload_runs_once_and_then_the_list_is_asked_again() {
    let mut m = page();
    choose(&mut m, "passport.png", 2048);
    let v = view(&m).documents;
    assert_eq!(v.file.as_deref(), Some("passport.png"));
    assert_eq!(v.error, None);
    let fx = ui(
        &mut m,
        DocumentsUi::DocumentUpload {
            kind: "identity".into(),
        },
    );
    let h = http(&fx);
    assert_eq!(h.len(), 1);
    assert_eq!(h[0].req, d(Call::Upload));
    assert_eq!(h[0].method, Method::Post);
    assert_eq!(h[0].path, "/api/player/documents");
    assert_eq!(h[0].body, Some(json!({"type": "identity"})));
    // The effect names the input the runtime takes the file from (the view's `<input id>`);
    // the list and delete calls are plain JSON requests.
    assert_eq!(h[0].file_input, Some(FILE_INPUT));
    assert!(view(&m).documents.uploading);
    // A second press while it runs sends nothing.
    assert!(http(&ui(
        &mut m,
        DocumentsUi::DocumentUpload {
            kind: "identity".into()
        }
    ))
    .is_empty());
    let fx = respond(
        &mut m,
        d(Call::Upload),
        201,
        json!({"id": 3, "type": "identity", "fileName": "passport.png", "size": 2048, "status": 1, "createdAt": "2026-11-26T08:00:00Z"}),
    );
    assert!(
        http(&fx).iter().any(|h| h.req == d(Call::List)),
        "the list again"
    );
    let v = view(&m).documents;
    assert!(!v.uploading);
    assert_eq!(v.file, None);
    assert!(v.error.is_none());
    assert_eq!(FILE_INPUT, "document-file");
}

#[test]
fn a_failed_upload_keeps_the_file_and_retries() {
    let mut m = page();
    choose(&mut m, "passport.png", 2048);
    ui(
        &mut m,
        DocumentsUi::DocumentUpload {
            kind: "identity".into(),
        },
    );
    fail(&mut m, d(Call::Upload), "network error");
    let v = view(&m).documents;
    assert_eq!(v.file.as_deref(), Some("passport.png"), "the file is kept");
    assert!(v.error.is_some(), "a retry is offered");
    assert!(!v.uploading);
    assert_eq!(
        v.error.as_deref(),
        Some("The upload failed. Your file is kept: try again.")
    );
    // The retry sends it again; the server refuses it with its reason.
    let fx = ui(
        &mut m,
        DocumentsUi::DocumentUpload {
            kind: "identity".into(),
        },
    );
    assert_eq!(http(&fx).len(), 1);
    respond(
        &mut m,
        d(Call::Upload),
        422,
        json!({"code": "validation_failed", "message": "The given data was invalid.",
               "errors": {"file": ["The file must be a JPG, PNG or PDF."]}}),
    );
    let v = view(&m).documents;
    assert_eq!(
        v.error.as_deref(),
        Some("The file must be a JPG, PNG or PDF.")
    );
    assert_eq!(v.file.as_deref(), Some("passport.png"));
    ui(
        &mut m,
        DocumentsUi::DocumentUpload {
            kind: "identity".into(),
        },
    );
    respond(
        &mut m,
        d(Call::Upload),
        413,
        json!({"code": "file_too_large", "message": "The file may not be greater than 10 MB."}),
    );
    assert_eq!(
        view(&m).documents.error.as_deref(),
        Some("The file may not be greater than 10 MB.")
    );
    // Choosing another file starts afresh.
    choose(&mut m, "other.jpg", 10);
    let v = view(&m).documents;
    assert!(v.error.is_none());
}

#[test]
fn a_delete_is_confirmed_in_the_row_first() {
    let mut m = page();
    // The first press asks.
    let fx = ui(&mut m, DocumentsUi::DocumentDelete { id: 1 });
    assert!(http(&fx).is_empty());
    assert_eq!(view(&m).documents.asking, Some(1));
    // Keep it.
    ui(&mut m, DocumentsUi::DocumentDelete { id: 0 });
    assert_eq!(view(&m).documents.asking, None);
    ui(&mut m, DocumentsUi::DocumentDelete { id: 1 });
    // Another row's press asks there instead.
    assert!(http(&ui(&mut m, DocumentsUi::DocumentDelete { id: 2 })).is_empty());
    assert_eq!(view(&m).documents.asking, Some(2));
    ui(&mut m, DocumentsUi::DocumentDelete { id: 1 });
    // The confirm: the same id again.
    let fx = ui(&mut m, DocumentsUi::DocumentDelete { id: 1 });
    let h = http(&fx);
    assert_eq!(h.len(), 1);
    assert_eq!(h[0].method, Method::Delete);
    assert_eq!(h[0].path, "/api/player/documents/1");
    assert!(view(&m).documents.deleting);
    let fx = respond(&mut m, d(Call::Delete(1)), 200, json!({}));
    assert!(http(&fx).iter().any(|h| h.req == d(Call::List)));
    let v = view(&m).documents;
    assert!(!v.deleting && v.asking.is_none());
    // A refusal says so.
    ui(&mut m, DocumentsUi::DocumentDelete { id: 2 });
    ui(&mut m, DocumentsUi::DocumentDelete { id: 2 });
    respond(
        &mut m,
        d(Call::Delete(2)),
        422,
        json!({"code": "document_approved", "message": "An approved document cannot be deleted."}),
    );
    assert!(!view(&m).documents.deleting);
    assert!(!view(&m).toasts.is_empty());
}

#[test]
fn the_identity_check_opens_the_provider_page_and_comes_back() {
    let mut m = page();
    let fx = ui(&mut m, DocumentsUi::IdentityVerify);
    let h = http(&fx);
    assert_eq!(h.len(), 1);
    assert_eq!(h[0].method, Method::Post);
    assert_eq!(h[0].path, "/api/player/services/sumsub/auth");
    assert!(view(&m).documents.verifying);
    assert!(
        http(&ui(&mut m, DocumentsUi::IdentityVerify)).is_empty(),
        "once"
    );
    let fx = respond(
        &mut m,
        d(Call::Sumsub),
        200,
        json!({"token": "t1", "url": "http://127.0.0.1:9/api/player/services/sumsub/check?token=t1", "verified": false}),
    );
    let url = fx
        .iter()
        .find_map(|e| match e {
            Effect::Load { url } => Some(url.clone()),
            _ => None,
        })
        .expect("the provider's page is opened");
    assert!(url.starts_with("http://127.0.0.1:9/api/player/services/sumsub/check?token=t1&back="));
    assert!(url.ends_with("/profile/personal"), "{url}");
    // Back on the page: the list says verified.
    let mut l = listed();
    l["verified"] = json!(true);
    let (mut m, _) = restored("/profile/personal");
    respond(&mut m, d(Call::List), 200, l);
    assert_eq!(view(&m).documents.list["verified"], true);
}

#[test]
fn signing_out_forgets_the_documents() {
    let mut m = page();
    choose(&mut m, "passport.png", 2048);
    ui(
        &mut m,
        croupier_core::app::features::session::SessionUi::SignOut,
    );
    let v = view(&m).documents;
    assert!(v.list.is_null() && v.file.is_none());
}

#[test]
fn upload_times_are_shown_in_the_devices_zone_with_the_offset_they_had() {
    let mut answer = listed();
    // Winter (UTC+1), summer (UTC+2, across midnight), an offset given, unreadable text.
    answer["documents"] = json!([
        {"id": 4, "createdAt": "2026-01-15T23:30:00Z"},
        {"id": 3, "createdAt": "2026-07-15T23:30:00Z"},
        {"id": 2, "createdAt": "2026-07-16T01:30:00+02:00"},
        {"id": 1, "createdAt": "not a date"},
        {"id": 0}
    ]);
    let m = page_in(support::berlin(), answer);
    let v = view(&m).documents;
    let texts: Vec<&str> = v.list["documents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["uploadedText"].as_str().unwrap())
        .collect();
    assert_eq!(
        texts,
        [
            "16.01.26, 00:30",
            "16.07.26, 01:30",
            "16.07.26, 01:30",
            "",
            ""
        ]
    );
}

#[test]
fn an_identity_check_answer_without_an_address_is_refused_and_logged() {
    // SPEC §7 `POST /api/player/services/sumsub/auth` needs a text `url`.
    for (answer, reason) in [
        (
            json!({"token": "t1", "verified": false}),
            Some("missing field `url`"),
        ),
        (json!({"url": 5}), Some("invalid type")),
        (json!({"url": ""}), None),
    ] {
        let mut m = page();
        ui(&mut m, DocumentsUi::IdentityVerify);
        let fx = respond(&mut m, d(Call::Sumsub), 200, answer.clone());
        assert!(
            !fx.iter().any(|e| matches!(e, Effect::Load { .. })),
            "{answer}"
        );
        let logged = fx.iter().any(|e| {
            matches!(e, Effect::Log { message, .. }
                if message.contains("verification start") && reason.is_some_and(|r| message.contains(r)))
        });
        assert_eq!(logged, reason.is_some(), "{answer}");
        assert!(!view(&m).toasts.is_empty(), "{answer}: said");
        assert!(!view(&m).documents.verifying);
    }
}

#[test]
fn a_row_without_a_text_upload_time_shows_no_date() {
    let mut l = listed();
    l["documents"][0]["createdAt"] = json!(1764140400);
    l["documents"][1]
        .as_object_mut()
        .unwrap()
        .remove("createdAt");
    let m = page_in(Zone::default(), l);
    let list = view(&m).documents.list;
    assert_eq!(list["documents"][0]["uploadedText"], "");
    assert_eq!(list["documents"][1]["uploadedText"], "");
    assert_eq!(
        list["documents"][0]["createdAt"], 1764140400,
        "passed through"
    );
}
