//! Every call SPEC §7 lists is served (issue 29, "served and called"): each row of
//! docs/spec-calls.tsv reaches a route of its method, whatever the route then says of the ids
//! and bodies this test sends (401, 404 for an unknown id, 422 are all answers of a route).
//! An unknown path answers "No such API path." and a wrong method 405; neither may appear.

use crate::common;

use common::start;
use reqwest::{Method, StatusCode};

const TABLE: &str = include_str!("../../../docs/spec-calls.tsv");

fn rows() -> Vec<(Method, String)> {
    TABLE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut cols = l.split('\t');
            let method = cols.next().unwrap().parse().unwrap();
            // A path parameter becomes an id no player holds (the route must still be found).
            let path = cols
                .next()
                .unwrap()
                .replace("{provider}", "google")
                .replace("{id}", "999999");
            (method, path)
        })
        .collect()
}

#[tokio::test]
async fn every_spec_call_is_routed() {
    let s = start().await;
    let (token, _) = s.register("spec-calls@example.com", "USD").await;
    let rows = rows();
    let mut unserved = Vec::new();
    for (method, path) in &rows {
        // The socket's path answers an upgrade only; a plain GET must not be "no such path".
        let r = s.call(method.clone(), path, Some(&token), None).await;
        let missing = r.status == StatusCode::NOT_FOUND && r.body["message"] == "No such API path.";
        if missing || r.status == StatusCode::METHOD_NOT_ALLOWED {
            unserved.push(format!("{method} {path} -> {} {}", r.status, r.body));
        }
    }
    println!(
        "spec calls served: {}/{}",
        rows.len() - unserved.len(),
        rows.len()
    );
    assert!(rows.len() >= 99, "the table lost rows: {}", rows.len());
    assert!(unserved.is_empty(), "not served:\n{}", unserved.join("\n"));

    // The test can tell: a path no route serves is reported as such.
    let r = s.get("/api/player/nothing-here", Some(&token)).await;
    assert_eq!(
        (r.status, r.body["message"].as_str()),
        (StatusCode::NOT_FOUND, Some("No such API path."))
    );
}
