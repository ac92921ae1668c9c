import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView } from "../../core/store";
import { setView } from "../../test-utils";
import { SignUpForm } from "./SignUpForm";

afterEach(cleanup);

const currencies = [
  { code: "USD", label: "USD ($)", crypto: false },
  { code: "BTC", label: "BTC (₿)", crypto: true },
];

describe("SignUpForm", () => {
  it("forwards typing, blur and submit as events and validates nothing itself", () => {
    const sent = setView({ options: { currencies } });
    render(<SignUpForm />);
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "a@b" } });
    fireEvent.blur(screen.getByLabelText("E-mail"));
    fireEvent.change(screen.getByLabelText("Currency"), { target: { value: "BTC" } });
    fireEvent.click(screen.getByLabelText(/I am over 18/));
    fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
    expect(sent).toEqual([
      { type: "formInput", form: "signUp", field: "email", value: "a@b" },
      { type: "formBlur", form: "signUp", field: "email" },
      { type: "formInput", form: "signUp", field: "currency", value: "BTC" },
      { type: "formInput", form: "signUp", field: "agreements", value: true },
      { type: "formSubmit", form: "signUp" },
    ]);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the core's messages on their fields and the form error", () => {
    setView({
      options: { currencies },
      forms: {
        ...initialView.forms,
        signUp: {
          values: { email: "someone@gmail.c", agreements: false },
          errors: { email: "Enter a valid e-mail address", agreements: "You must accept this" },
          submitting: false,
          error: "The e-mail is already registered.",
        },
      },
    });
    render(<SignUpForm />);
    const email = screen.getByLabelText("E-mail") as HTMLInputElement;
    expect(email.value).toBe("someone@gmail.c");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById("signup-email-error")?.textContent).toBe("Enter a valid e-mail address");
    expect(document.getElementById("signup-agreements-error")?.textContent).toBe("You must accept this");
    expect(screen.getAllByRole("alert")[0].textContent).toBe("The e-mail is already registered.");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Choose a currency", "USD ($)", "BTC (₿)"]);
  });

  it("disables the button while submitting", () => {
    setView({ forms: { ...initialView.forms, signUp: { values: {}, errors: {}, submitting: true, error: undefined } } });
    render(<SignUpForm />);
    expect((screen.getByRole("button", { name: "Sign up" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the fields the registration rules require, with their labels, hints and countries", () => {
    const sent = setView({
      options: { currencies },
      registration: {
        fields: [
          { name: "firstName", kind: "text", label: "global-components.personal.firstName", hint: undefined, placeholder: "" },
          { name: "birthdate", kind: "date", label: "global-components.personal.birthdate", hint: "global-components.personal.birthdateHint", placeholder: "1990-12-31" },
          { name: "country", kind: "country", label: "global-components.personal.country", hint: undefined, placeholder: "" },
        ],
        countries: [
          ["BR", "Brazil"],
          ["PT", "Portugal"],
        ],
      },
      forms: {
        ...initialView.forms,
        signUp: { values: {}, errors: { birthdate: "You must be at least 18 years old." }, submitting: false, error: undefined },
      },
    });
    render(<SignUpForm />);
    expect(screen.getByLabelText("First name")).toBeTruthy();
    expect((screen.getByLabelText("Date of birth") as HTMLInputElement).placeholder).toBe("1990-12-31");
    expect(screen.getByText("You must be at least 18 years old.")).toBeTruthy();
    const country = screen.getByLabelText("Country") as HTMLSelectElement;
    expect([...country.options].map((o) => o.value)).toEqual(["", "BR", "PT"]);
    fireEvent.change(country, { target: { value: "PT" } });
    expect(sent).toEqual([{ type: "formInput", form: "signUp", field: "country", value: "PT" }]);
  });

  it("shows no extra field when the rules require none", () => {
    setView({ options: { currencies } });
    render(<SignUpForm />);
    expect(screen.queryByLabelText("First name")).toBeNull();
    expect(screen.queryByLabelText("Country")).toBeNull();
  });
});
