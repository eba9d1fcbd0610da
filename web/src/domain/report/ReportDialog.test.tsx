import type { MockedResponse } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { ThemeProvider } from "@mui/material/styles";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { REPORT_DETAILS_MAX } from "@unibazaar/rules";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ReportListingDocument } from "../../generated/graphql";
import { loadNamespaces } from "../../lib/i18n";
import { theme } from "../../lib/theme";
import { NotifyProvider } from "../../components/Notify";
import { ReportDialog } from "./ReportDialog";

// as ReportButton does: the dialog's catalogue comes with its code
beforeAll(() => loadNamespaces(["deals"]));
afterEach(cleanup);

// only the listed answers exist: a report sent when the form should have stopped it fails the test
function renderReport(mocks: MockedResponse[] = []) {
  const closed = { count: 0 };
  render(
    <ThemeProvider theme={theme}>
      <MockedProvider mocks={mocks}>
        <NotifyProvider>
          <ReportDialog target={{ kind: "listing", productId: "p1" }} title="Report this listing" onClose={() => closed.count++} />
        </NotifyProvider>
      </MockedProvider>
    </ThemeProvider>,
  );
  return closed;
}

const send = () => fireEvent.click(screen.getByRole("button", { name: "Send report" }));
const details = () => screen.getByRole("textbox", { name: /^Details/ });
const messageOf = (field: HTMLElement) => document.getElementById(field.getAttribute("aria-describedby") ?? "")?.textContent;

describe("ReportDialog", () => {
  it("asks for a reason before sending anything", async () => {
    const closed = renderReport();
    send();
    expect((await screen.findByRole("alert")).textContent).toBe("Choose a reason.");
    expect(closed.count).toBe(0);
  });

  it("needs details for 'Something else', on the details field", async () => {
    renderReport();
    fireEvent.click(await screen.findByRole("radio", { name: "Something else" }));
    expect(details().getAttribute("aria-invalid")).toBe("false");
    fireEvent.change(details(), { target: { value: "   " } });
    send();
    await waitFor(() => expect(messageOf(details())).toBe("Say what is wrong."));
    expect(screen.getByRole("textbox", { name: /^Details \(required\)/ })).toBeTruthy();
  });

  it("refuses details longer than the limit", async () => {
    renderReport();
    fireEvent.click(await screen.findByRole("radio", { name: "Spam or duplicate" }));
    fireEvent.change(details(), { target: { value: "x".repeat(REPORT_DETAILS_MAX + 1) } });
    send();
    await waitFor(() => expect(messageOf(details())).toBe(`Details must be at most ${REPORT_DETAILS_MAX} characters.`));
  });

  it("sends the reason with the trimmed details, thanks the reader and closes", async () => {
    const closed = renderReport([
      {
        request: { query: ReportListingDocument, variables: { productId: "p1", reason: "SCAM", details: "Asks to pay outside the app." } },
        result: { data: { reportListing: { __typename: "Report", id: "r1", status: "OPEN" } } },
      },
    ]);
    fireEvent.click(await screen.findByRole("radio", { name: "Scam or fraud" }));
    fireEvent.change(details(), { target: { value: "  Asks to pay outside the app.  " } });
    send();
    await screen.findByText("Thanks. Your report was sent to the UniBazaar team.");
    expect(closed.count).toBe(1);
  });
});
