import type { MockedResponse } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { GraphQLError } from "graphql";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ForgotPasswordPage } from "./ForgotPasswordPage";
import { RequestPasswordResetDocument, ResetPasswordDocument } from "../../generated/graphql";
import { AuthProvider } from "../../lib/auth";
import { i18n, loadNamespaces } from "../../lib/i18n";
import { NotifyProvider } from "../../components/Notify";

// as its route does: the page's catalogue comes with it, so it renders its words at once
beforeAll(() => loadNamespaces(["auth"]));
afterEach(cleanup);

const WRONG = "That code is wrong or has expired. Ask for a new code.";
const email = "fatima@student.pk";

// the e-mail-then-code flow as the password reset uses it; only the listed answers exist (anything else fails the test)
const renderReset = (mocks: MockedResponse[]) =>
  render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter>
        <AuthProvider>
          <NotifyProvider>
            <ForgotPasswordPage />
          </NotifyProvider>
        </AuthProvider>
      </MemoryRouter>
    </MockedProvider>,
  );

const requestMock: MockedResponse = {
  request: { query: RequestPasswordResetDocument, variables: { email } },
  result: { data: { requestPasswordReset: true } },
};

const messageOf = (field: HTMLElement) => document.getElementById(field.getAttribute("aria-describedby") ?? "")?.textContent;
const codeBox = () => screen.getByRole("textbox", { name: "Code" });

async function toCodeStep() {
  fireEvent.change(screen.getByRole("textbox", { name: "Email" }), { target: { value: ` ${email} ` } });
  fireEvent.click(screen.getByRole("button", { name: "Send code" }));
  await screen.findByText(email);
}

const fillPasswords = (password: string) => {
  for (const label of [/^New password/, /^Repeat new password/])
    fireEvent.change(screen.getByLabelText(label, { selector: "input" }), { target: { value: password } });
};

describe("EmailCodeFlow (password reset)", () => {
  it("checks the e-mail on its field before sending anything", async () => {
    renderReset([]);
    fireEvent.change(screen.getByRole("textbox", { name: "Email" }), { target: { value: "not-an-email" } });
    fireEvent.click(screen.getByRole("button", { name: "Send code" }));
    await waitFor(() => expect(messageOf(screen.getByRole("textbox", { name: "Email" }))).toBe("Enter a valid email address."));
  });

  it("words the shared rule's message in Urdu for an Urdu reader", async () => {
    await i18n.changeLanguage("ur");
    try {
      renderReset([]);
      const email = screen.getByRole("textbox", { name: "ای میل" });
      fireEvent.change(email, { target: { value: "not-an-email" } });
      fireEvent.click(screen.getByRole("button", { name: "کوڈ بھیجیں" }));
      await waitFor(() => expect(messageOf(email)).toBe("درست ای میل لکھیں۔"));
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("sends the code, then refuses a malformed code on the field without asking the server", async () => {
    renderReset([requestMock]);
    await toCodeStep();
    fireEvent.change(codeBox(), { target: { value: "12" } });
    fillPasswords("a-long-password");
    fireEvent.click(screen.getByRole("button", { name: "Set new password" }));
    await waitFor(() => expect(messageOf(codeBox())).toBe("Enter the 6-digit code from the e-mail."));
  });

  it("puts the server's refusal of the code on the code field", async () => {
    renderReset([
      requestMock,
      {
        request: { query: ResetPasswordDocument, variables: { email, code: "123456", newPassword: "a-long-password" } },
        result: { errors: [new GraphQLError(WRONG, { extensions: { code: "BAD_USER_INPUT", fields: { code: WRONG } } })] },
      },
    ]);
    await toCodeStep();
    fireEvent.change(codeBox(), { target: { value: "123456" } });
    fillPasswords("a-long-password");
    fireEvent.click(screen.getByRole("button", { name: "Set new password" }));
    await waitFor(() => expect(messageOf(codeBox())).toBe(WRONG));
    expect(codeBox().getAttribute("aria-invalid")).toBe("true");
    // on the field only, not repeated in an alert
    expect(screen.getAllByText(WRONG)).toHaveLength(1);
  });

  it("goes back to the e-mail step", async () => {
    renderReset([requestMock]);
    await toCodeStep();
    fireEvent.click(screen.getByRole("button", { name: "Use another e-mail or send a new code" }));
    expect(screen.getByRole("textbox", { name: "Email" })).toBeTruthy();
  });
});
