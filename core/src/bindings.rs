//! The JavaScript surface: create the core, start it, dispatch events, read the view and
//! subscribe to changed slices.

use std::rc::Rc;

use wasm_bindgen::prelude::*;

use crate::app::{Config, Event, UiEvent};
use crate::runtime::{from_js, to_js, Runtime};

#[wasm_bindgen]
pub struct Core {
    rt: Rc<Runtime>,
}

#[wasm_bindgen]
impl Core {
    /// `config` is `{ apiBase?, origin?, platform?, defaultLocale?, locales?, phoneMetadataUrl?,
    /// texts? }` (`texts`: the default language, `core/content/en.json`); unknown keys are ignored.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "Partial<CoreConfig>")] config: JsValue,
    ) -> Core {
        let config: Config = if config.is_undefined() || config.is_null() {
            Config::default()
        } else {
            from_js(&config).unwrap_or_else(|e| {
                web_sys::console::warn_1(&format!("core config ignored: {e}").into());
                Config::default()
            })
        };
        Core {
            rt: Runtime::new(config),
        }
    }

    /// Read storage and the address, load settings and any stored session.
    pub fn start(&self) {
        self.rt.start();
    }

    /// A malformed event is logged and ignored: the view can never crash the core.
    pub fn dispatch(&self, #[wasm_bindgen(unchecked_param_type = "ViewEvent")] event: JsValue) {
        match ui_event(&event) {
            Ok(UiEvent::Start) => self.rt.start(),
            Ok(e) => self.rt.dispatch(Event::Ui(e)),
            Err(e) => web_sys::console::warn_1(&format!("event ignored: {e}").into()),
        }
    }

    /// The whole view model (the first render; later changes come through `subscribe`).
    #[wasm_bindgen(unchecked_return_type = "View")]
    pub fn view(&self) -> JsValue {
        to_js(&self.rt.view()).unwrap_or(JsValue::NULL)
    }

    /// `cb(changed)` after every dispatch that changed something; `changed` holds only the
    /// slices that differ.
    pub fn subscribe(
        &self,
        #[wasm_bindgen(unchecked_param_type = "(changed: Partial<View>) => void")]
        cb: js_sys::Function,
    ) {
        self.rt.subscribe(cb);
    }
}

fn ui_event(event: &JsValue) -> Result<UiEvent, String> {
    UiEvent::from_view(from_js(event)?)
}

#[wasm_bindgen(typescript_custom_section)]
const CONFIG_TS: &str = r#"
/** An event as the view writes it: `{ type: "navigate", path }` (UiEvent is the wire form). */
type Tagged<E> = E extends string ? { type: E } : { [K in keyof E & string]: { type: K } & E[K] }[keyof E & string];
export type ViewEvent = Tagged<UiEvent>;
export interface CoreConfig { apiBase: string; origin: string; platform: "web" | "tg"; defaultLocale: string; locales: string[]; phoneMetadataUrl: string; texts: Record<string, string> }
"#;
