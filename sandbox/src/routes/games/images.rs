//! Tile images: a small SVG per game and shape (1x1, 3x4) at 1x-3x, drawn from the game's
//! name so every tile looks different; served with a year-long immutable cache.

use axum::http::header;
use axum::response::{IntoResponse, Response};

use super::catalogue::CATALOGUE;
use crate::error::{ApiError, ApiPath};

fn hash(s: &str) -> u32 {
    s.bytes().fold(2_166_136_261u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(16_777_619)
    })
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('\'', "&#39;")
}

/// Words of the name in lines of at most `width` characters.
fn lines(name: &str, width: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in name.split_whitespace() {
        match out.last_mut() {
            Some(line) if line.len() + 1 + word.len() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => out.push(word.to_string()),
        }
    }
    out.truncate(4);
    out
}

pub async fn tile(
    ApiPath((identity, file)): ApiPath<(String, String)>,
) -> Result<Response, ApiError> {
    let c = &*CATALOGUE;
    let game = c.game(&identity).ok_or_else(ApiError::not_found)?;
    let (shape, density) = file
        .strip_suffix(".svg")
        .and_then(|f| f.split_once('@'))
        .ok_or_else(ApiError::not_found)?;
    let scale: u32 = match density {
        "1x" => 1,
        "2x" => 2,
        "3x" => 3,
        _ => return Err(ApiError::not_found()),
    };
    let (w, h) = match shape {
        "1x1" => (160, 160),
        "3x4" => (180, 240),
        _ => return Err(ApiError::not_found()),
    };
    let seed = hash(&game.identity);
    let hue = seed % 360;
    let hue2 = (hue + 40 + (seed >> 9) % 80) % 360;
    let provider = &c.providers[game.provider].name;
    let size = if shape == "1x1" { 17 } else { 19 };
    let text: String = lines(&game.name, if shape == "1x1" { 14 } else { 15 })
        .iter()
        .enumerate()
        .map(|(i, l)| {
            format!(
                "<text x='50%' y='{}' font-size='{size}' font-weight='800' text-anchor='middle' fill='#fff'>{}</text>",
                h / 2 - 10 + i as u32 * (size + 4),
                escape(l)
            )
        })
        .collect();
    let orb = 30 + (seed >> 3) % 40;
    let svg = format!(
        "<svg xmlns='http://www.w3.org/2000/svg' width='{}' height='{}' viewBox='0 0 {w} {h}'>\
<defs><linearGradient id='g' x1='0' y1='0' x2='1' y2='1'><stop offset='0' stop-color='hsl({hue},70%,42%)'/>\
<stop offset='1' stop-color='hsl({hue2},75%,22%)'/></linearGradient></defs>\
<rect width='{w}' height='{h}' fill='url(#g)'/>\
<circle cx='{}' cy='{}' r='{orb}' fill='hsl({hue2},90%,70%)' opacity='.35'/>\
<g font-family='system-ui,sans-serif' style='paint-order:stroke' stroke='rgba(0,0,0,.35)' stroke-width='3'>{text}</g>\
<text x='50%' y='{}' font-family='system-ui,sans-serif' font-size='11' text-anchor='middle' fill='rgba(255,255,255,.8)'>{}</text></svg>",
        w * scale,
        h * scale,
        w - 30 - (seed % 40),
        25 + (seed >> 5) % 40,
        h - 12,
        escape(provider)
    );
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "public, max-age=31536000, immutable"),
        ],
        svg,
    )
        .into_response())
}
