//! The JavaScript surface: create the core, start it, dispatch events, read the view and
//! subscribe to changed slices.

use std::rc::Rc;

use wasm_bindgen::prelude::*;

use crate::app::{AppUi, Config, Event, UiEvent};
use crate::json::Json;
use crate::runtime::{js_json, Runtime};

#[wasm_bindgen]
pub struct Core {
    rt: Rc<Runtime>,
}

#[wasm_bindgen]
impl Core {
    /// `config` is a partial `CoreConfig` (`texts`: the default language,
    /// `core/content/en.json`); unknown keys are ignored.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "Partial<CoreConfig>")] config: JsValue,
    ) -> Core {
        let config = match js_json(&config) {
            Ok(Json::Null) => Config::default(),
            Ok(v) if v.is_object() => Config::read(&v),
            Ok(_) | Err(_) => {
                web_sys::console::warn_1(&"core config ignored: not an object".into());
                Config::default()
            }
        };
        Core {
            rt: Runtime::new(config),
        }
    }

    /// Optional, before `start` and in a task of its own: the browser compiles the core's
    /// event loop now, so the start's task is shorter. Changes nothing.
    pub fn prepare(&self) {
        self.rt.prepare();
    }

    /// Read storage and the address, load settings and any stored session.
    pub fn start(&self) {
        self.rt.start();
    }

    /// A malformed event is logged and ignored: the view can never crash the core.
    pub fn dispatch(&self, #[wasm_bindgen(unchecked_param_type = "ViewEvent")] event: JsValue) {
        match js_json(&event).and_then(UiEvent::from_view) {
            Ok(UiEvent::App(AppUi::Start)) => self.rt.start(),
            Ok(e) => self.rt.dispatch_now(Event::Ui(e)),
            Err(e) => web_sys::console::warn_1(&format!("event ignored: {e}").into()),
        }
    }

    /// Load a lazily loaded group's code (`"sport"`) now: the idle prefetch, and the retry
    /// after `groups.sport` is `failed`. Loading or loaded already: nothing happens.
    pub fn load(&self, #[wasm_bindgen(unchecked_param_type = "keyof GroupsView")] group: &str) {
        match crate::app::registry::GroupId::from_name(group) {
            Some(g) => self.rt.dispatch_now(Event::LoadGroup(g)),
            None => web_sys::console::warn_1(&format!("no group {group}").into()),
        }
    }

    /// The whole view model (the first render; later changes come through `subscribe`),
    /// except a lazily loaded group's slices while its code is away: the page keeps those of
    /// its first view (the generated initial view), and they come with the group's load.
    #[wasm_bindgen(unchecked_return_type = "View")]
    pub fn view(&self) -> JsValue {
        self.rt.view()
    }

    /// `cb(changed)` after every dispatch that changed something; `changed` holds only the
    /// slices that read a changed part.
    pub fn subscribe(
        &self,
        #[wasm_bindgen(unchecked_param_type = "(changed: Partial<View>) => void")]
        cb: js_sys::Function,
    ) {
        self.rt.subscribe(cb);
    }
}

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
/** The config `new Core(config)` takes. */
export type CoreConfig = Config;
/** Every form's view, by form id. */
export type FormsView = Record<FormId, FormView>;
"#;
