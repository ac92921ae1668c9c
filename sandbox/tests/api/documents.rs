//! Documents (multipart upload, list, delete, ownership, limits, the control API's review)
//! and the identity check's stand-in round trip.

use crate::common;

use common::{start, Reply, Sandbox};
use reqwest::StatusCode;
use serde_json::json;

const PNG: &[u8] = &[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];

/// A multipart form by hand: `type` (when given) and `file` (name, bytes).
async fn upload(s: &Sandbox, token: &str, kind: Option<&str>, name: &str, bytes: &[u8]) -> Reply {
    let b = "xBOUNDARYx";
    let mut body = Vec::new();
    if let Some(k) = kind {
        body.extend_from_slice(
            format!("--{b}\r\nContent-Disposition: form-data; name=\"type\"\r\n\r\n{k}\r\n")
                .as_bytes(),
        );
    }
    body.extend_from_slice(
        format!(
            "--{b}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n\
             Content-Type: application/octet-stream\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{b}--\r\n").as_bytes());
    s.raw(
        s.client
            .post(format!("{}/api/player/documents", s.base))
            .bearer_auth(token)
            .header("content-type", format!("multipart/form-data; boundary={b}"))
            .body(body),
    )
    .await
}

#[tokio::test]
async fn upload_list_review_and_delete() {
    let s = start().await;
    let (token, _) = s.register("docs@example.com", "USD").await;
    let empty = s.get("/api/player/documents", Some(&token)).await;
    assert_eq!(empty.status, StatusCode::OK);
    assert_eq!(empty.body, json!({ "documents": [], "verified": false }));

    let r = upload(&s, &token, Some("identity"), "passport.png", PNG).await;
    assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.body);
    assert_eq!(r.body["type"], "identity");
    assert_eq!(r.body["fileName"], "passport.png");
    assert_eq!(r.body["status"], 1);
    assert_eq!(r.body["size"], PNG.len());
    assert!(r.body["createdAt"].is_string());
    let id = r.body["id"].as_i64().unwrap();
    let second = upload(&s, &token, Some("address"), "bill.pdf", b"%PDF-1.4 x").await;
    assert_eq!(second.status, StatusCode::CREATED);

    let list = s.get("/api/player/documents", Some(&token)).await;
    let docs = list.body["documents"].as_array().unwrap();
    assert_eq!(docs.len(), 2);
    assert_eq!(docs[0]["type"], "address", "newest first");

    // Another player sees none of them and cannot delete them.
    let (other, _) = s.register("other-docs@example.com", "USD").await;
    let theirs = s.get("/api/player/documents", Some(&other)).await;
    assert_eq!(theirs.body["documents"], json!([]));
    let del = s
        .call(
            reqwest::Method::DELETE,
            &format!("/api/player/documents/{id}"),
            Some(&other),
            None,
        )
        .await;
    assert_eq!(del.status, StatusCode::NOT_FOUND);

    // Approved by the reviewer (control API): it stays.
    let ok = s
        .post(
            "/api/_control/document-status",
            None,
            json!({ "id": id, "status": 2 }),
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK);
    let del = s
        .call(
            reqwest::Method::DELETE,
            &format!("/api/player/documents/{id}"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(del.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(del.error_code(), "document_approved");

    let pending = second.body["id"].as_i64().unwrap();
    let del = s
        .call(
            reqwest::Method::DELETE,
            &format!("/api/player/documents/{pending}"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(del.status, StatusCode::OK);
    let list = s.get("/api/player/documents", Some(&token)).await;
    assert_eq!(list.body["documents"].as_array().unwrap().len(), 1);
    assert_eq!(list.body["documents"][0]["status"], 2);

    // Without a session: 401.
    let anon = s.get("/api/player/documents", None).await;
    assert_eq!(anon.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn wrong_files_are_refused_with_a_reason() {
    let s = start().await;
    let (token, _) = s.register("bad-docs@example.com", "USD").await;
    // A text file named like an image: the bytes decide.
    let r = upload(&s, &token, Some("identity"), "fake.png", b"hello").await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        r.field_errors("file"),
        ["The file must be a JPG, PNG or PDF."]
    );
    let r = upload(&s, &token, Some("passport?"), "id.png", PNG).await;
    assert_eq!(r.field_errors("type"), ["Choose the kind of document."]);
    let r = upload(&s, &token, None, "id.png", PNG).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    // Over 10 MB: 413 with the limit named.
    let mut big = PNG.to_vec();
    big.resize(10 * 1024 * 1024 + 1, 0);
    let r = upload(&s, &token, Some("identity"), "big.png", &big).await;
    assert_eq!(r.status, StatusCode::PAYLOAD_TOO_LARGE, "{:?}", r.body);
    assert_eq!(r.body["message"], "The file may not be greater than 10 MB.");
    let list = s.get("/api/player/documents", Some(&token)).await;
    assert_eq!(list.body["documents"], json!([]));
}

#[tokio::test]
async fn the_identity_check_round_trip() {
    let s = start().await;
    let (token, _) = s.register("kyc@example.com", "USD").await;
    let auth = s
        .post("/api/player/services/sumsub/auth", Some(&token), json!({}))
        .await;
    assert_eq!(auth.status, StatusCode::OK);
    assert_eq!(auth.body["verified"], false);
    let url = auth.body["url"].as_str().unwrap().to_string();
    let host = s.base.trim_start_matches("http://");
    assert!(url.starts_with(&format!(
        "http://{host}/api/player/services/sumsub/check?token="
    )));
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let back = format!("http://{host}/profile/personal");
    let enc = |v: &str| form_urlencoded::byte_serialize(v.as_bytes()).collect::<String>();
    let page = client
        .get(format!("{url}&back={}", enc(&back)))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    assert!(page.text().await.unwrap().contains("Finish the check"));
    // Somewhere else: refused.
    let away = client
        .get(format!("{url}&back={}", enc("http://evil.example/")))
        .send()
        .await
        .unwrap();
    assert_eq!(away.status(), StatusCode::BAD_REQUEST);
    let done = client
        .get(format!("{url}&back={}&decision=finish", enc(&back)))
        .send()
        .await
        .unwrap();
    assert!(done.status().is_redirection());
    assert_eq!(done.headers()["location"], back.as_str());
    let list = s.get("/api/player/documents", Some(&token)).await;
    assert_eq!(list.body["verified"], true);
    let bad = client
        .get(format!(
            "{}/api/player/services/sumsub/check?token=nope&back={}",
            s.base,
            enc(&back)
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
}
