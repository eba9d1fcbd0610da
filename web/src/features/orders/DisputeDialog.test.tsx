import type { MockedResponse } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { DISPUTE_TEXT_MAX_LENGTH } from "@unibazaar/rules";
import { GraphQLError } from "graphql";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { NotifyProvider } from "../../components/Notify";
import { DisputeUploadImageDocument, OpenDisputeDocument } from "../../generated/graphql";
import { loadNamespaces } from "../../lib/i18n";
import { DisputeDialog } from "./DisputeDialog";

// the dialog's words come from the "orders" catalogue, loaded lazily in the app
beforeAll(() => loadNamespaces(["orders"]));
afterEach(cleanup);

const HAPPENED = "The seller never came to the library and stopped answering.";

// only the mocks listed: a mutation the dialog should not have sent fails the test with Apollo's "no more mocked responses"
const show = (mocks: MockedResponse[]) => {
  const onClose = vi.fn();
  render(
    <MockedProvider mocks={mocks}>
      <NotifyProvider>
        <DisputeDialog orderId="o1" orderNumber="UB-000042" open onClose={onClose} />
      </NotifyProvider>
    </MockedProvider>,
  );
  return onClose;
};

const dialog = () => screen.getByRole("dialog", { name: "Open a dispute on order UB-000042" });
const textBox = () => within(dialog()).getByRole("textbox", { name: "What happened?" });
const reasons = () => within(dialog()).getByRole("radiogroup", { name: "What went wrong?" });
const submit = () => fireEvent.click(within(dialog()).getByRole("button", { name: "Open dispute" }));
/** The message under a field (MUI links the helper text through aria-describedby). */
const messageOf = (field: HTMLElement) => document.getElementById(field.getAttribute("aria-describedby") ?? "")?.textContent;
const opened = (photos: string[] = []): MockedResponse => ({
  request: { query: OpenDisputeDocument, variables: { input: { orderId: "o1", reason: "NOT_RECEIVED", text: HAPPENED, photos } } },
  result: { data: { openDispute: { __typename: "Dispute", id: "d1", state: "OPEN" } } },
});

describe("DisputeDialog", () => {
  it("asks for a reason and an account of at least 10 characters before sending anything", async () => {
    const onClose = show([]);
    submit();
    await waitFor(() => expect(reasons().parentElement?.textContent).toContain("Choose what went wrong."));
    expect(messageOf(textBox())).toBe("Say what happened in at least 10 characters.");
    expect(textBox().getAttribute("aria-invalid")).toBe("true");

    fireEvent.click(within(reasons()).getByRole("radio", { name: "I did not receive the item" }));
    fireEvent.change(textBox(), { target: { value: "  too short  " } });
    submit();
    await waitFor(() => expect(reasons().parentElement?.textContent).not.toContain("Choose what went wrong."));
    expect(messageOf(textBox())).toBe("Say what happened in at least 10 characters.");
    expect(textBox().getAttribute("maxlength")).toBe(String(DISPUTE_TEXT_MAX_LENGTH));
    expect(onClose).not.toHaveBeenCalled();
  });

  it("puts the server's field error on the account and stays open", async () => {
    const refused = "Say what happened in at least 10 characters.";
    const onClose = show([
      {
        ...opened(),
        result: { errors: [new GraphQLError(refused, { extensions: { code: "BAD_USER_INPUT", fields: { text: refused } } })] },
      },
    ]);
    fireEvent.click(within(reasons()).getByRole("radio", { name: "I did not receive the item" }));
    fireEvent.change(textBox(), { target: { value: HAPPENED } });
    submit();
    await waitFor(() => expect(messageOf(textBox())).toBe(refused));
    expect(within(dialog()).queryByRole("alert")).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("opens the dispute with the uploaded photo and closes", async () => {
    const photo = "/uploads/d1.png";
    const file = new File([new Uint8Array([137, 80, 78, 71])], "shelf.png", { type: "image/png" });
    const onClose = show([
      {
        request: { query: DisputeUploadImageDocument, variables: ({ dataUrl }) => dataUrl.startsWith("data:image/png;base64,") },
        result: { data: { uploadImage: { __typename: "UploadedImage", url: photo } } },
      },
      opened([photo]),
    ]);
    const picker = dialog().querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(picker, { target: { files: [file] } });
    expect((await within(dialog()).findByRole("img", { name: "Photo 1" })).getAttribute("src")).toBe(photo);
    fireEvent.click(within(reasons()).getByRole("radio", { name: "I did not receive the item" }));
    fireEvent.change(textBox(), { target: { value: `  ${HAPPENED}  ` } });
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });
});
