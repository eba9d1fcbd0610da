import Link from "@mui/material/Link";
import { splitMessage } from "./linkify";

/** A message as plain text (React escapes it); only addresses on this site are links. */
export function MessageText({ body }: { body: string }) {
  return (
    <>
      {splitMessage(body, location.origin).map((part, i) =>
        part.href ? (
          <Link key={i} href={part.href} sx={{ wordBreak: "break-all" }}>
            {part.text}
          </Link>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
