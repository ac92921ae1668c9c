//! Event -> model change + effects. Pure: effects are values the runtime performs, so native
//! tests drive whole flows by feeding responses back.

pub mod api;
pub mod content;
pub mod effect;
pub mod event;
pub mod forms;
pub mod menu;
pub mod model;
pub mod request;
pub mod update;
pub mod view;

pub use effect::{Effect, HttpRequest, LogLevel, Method, Req};
pub use event::{Event, FormId, FormValue, HttpOutcome, UiEvent};
pub use model::{Config, Model};
pub use update::update;
pub use view::{view, View};
