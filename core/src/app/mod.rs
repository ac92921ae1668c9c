//! Event -> model change + effects. Pure: effects are values the runtime performs, so native
//! tests drive whole flows by feeding responses back.
//!
//! The parent (this module, `update`, `address`, `calls`, `live`) composes feature modules
//! (`features/*`), registered in `registry.rs`. See docs/ARCHITECTURE.md for the shape.

pub mod address;
pub mod calls;
pub mod display;
pub mod effect;
pub mod event;
pub mod feature;
pub mod features;
pub mod forms;
pub mod groups;
pub mod live;
pub mod model;
pub mod operator;
pub mod proof;
pub mod registration;
pub mod registry;
pub mod stored;
pub mod update;
pub mod view;
pub mod wire;

pub use calls::{parse_error, Answer, ResponseError};
pub use effect::{CallId, Effect, Guard, HttpRequest, LogLevel, Method, TimerId};
pub use event::{AppUi, Boot, Event, FormValue, HttpOutcome, UiEvent};
pub use feature::{Msg, SessionStatus};
pub use model::{Config, Dirty, Model};
pub use registry::{FeatureUi, FormId, Part, Req, Tick};
pub use update::update;
pub use view::{view, View};
