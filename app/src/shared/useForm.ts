import { useCore, useDispatch } from "../core/store";
import type { FormId } from "../core/types";

/** Read one form's view and send its events. */
export function useForm(form: FormId) {
  const view = useCore((s) => s.forms[form]);
  const dispatch = useDispatch();
  const text = (field: string) => {
    const v = view.values[field];
    return typeof v === "string" ? v : "";
  };
  return {
    view,
    text,
    checked: (field: string) => view.values[field] === true,
    input: (field: string, value: string | boolean) => dispatch({ type: "formInput", form, field, value }),
    blur: (field: string) => dispatch({ type: "formBlur", form, field }),
    submit: () => dispatch({ type: "formSubmit", form }),
  };
}
