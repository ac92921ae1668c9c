//! Starts a real sandbox on 127.0.0.1:0 with an in-memory DB and talks HTTP to it.
#![allow(dead_code)]

use croupier_sandbox::Config;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

pub struct Sandbox {
    pub base: String,
    pub client: reqwest::Client,
}

pub struct Reply {
    pub status: StatusCode,
    pub body: Value,
    pub content_type: String,
}

pub async fn start() -> Sandbox {
    start_with(Config::for_tests()).await
}

pub async fn start_with(config: Config) -> Sandbox {
    let server = croupier_sandbox::bind(&config)
        .await
        .expect("sandbox binds");
    let base = format!("http://{}", server.addr());
    tokio::spawn(server.run());
    Sandbox {
        base,
        client: reqwest::Client::new(),
    }
}

impl Sandbox {
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Reply {
        let mut req = self
            .client
            .request(method, format!("{}{path}", self.base))
            .header("X-Trace-Id", "test-trace");
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        let res = req.send().await.expect("request reaches the sandbox");
        Reply::from(res).await
    }

    pub async fn raw(&self, req: reqwest::RequestBuilder) -> Reply {
        Reply::from(req.send().await.expect("request reaches the sandbox")).await
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Reply {
        self.call(Method::GET, path, token, None).await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Reply {
        self.call(Method::POST, path, token, Some(body)).await
    }

    pub async fn put(&self, path: &str, token: Option<&str>, body: Option<Value>) -> Reply {
        self.call(Method::PUT, path, token, body).await
    }

    /// Registers and returns (token, profile).
    pub async fn register(&self, email: &str, currency: &str) -> (String, Value) {
        let r = self
            .post(
                "/api/player/register",
                None,
                json!({
                    "email": email,
                    "password": "secret-pass",
                    "currency": currency,
                    "agreements": true,
                }),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "register: {}", r.body);
        (
            r.body["accessToken"].as_str().unwrap().to_string(),
            r.body["profile"].clone(),
        )
    }

    pub async fn login(&self, email: &str, password: &str) -> Reply {
        self.post(
            "/api/player/sessions",
            None,
            json!({ "email": email, "password": password }),
        )
        .await
    }
}

impl Reply {
    async fn from(res: reqwest::Response) -> Reply {
        let status = res.status();
        let content_type = res
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string();
        let text = res.text().await.unwrap_or_default();
        let body = if text.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&text).unwrap_or(Value::String(text))
        };
        Reply {
            status,
            body,
            content_type,
        }
    }

    /// Asserts the docs/API.md error shape and returns the code.
    pub fn error_code(&self) -> &str {
        assert!(
            self.content_type.starts_with("application/json"),
            "error must be JSON, got {} {:?}",
            self.content_type,
            self.body
        );
        assert!(self.body["message"].is_string(), "message in {}", self.body);
        self.body["code"].as_str().expect("code in error body")
    }

    pub fn field_errors(&self, field: &str) -> Vec<String> {
        self.body["errors"][field]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|m| m.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// A multipart body carrying `png` as an identity document (`POST /api/player/documents`), and
/// its content type.
pub fn document_upload(png: &[u8]) -> (Vec<u8>, String) {
    let b = "xB";
    let mut body = format!(
        "--{b}\r\nContent-Disposition: form-data; name=\"type\"\r\n\r\nidentity\r\n\
         --{b}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.png\"\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(png);
    body.extend_from_slice(format!("\r\n--{b}--\r\n").as_bytes());
    (body, format!("multipart/form-data; boundary={b}"))
}
