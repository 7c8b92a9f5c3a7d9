/**
 * The server renderer's entry to the shell: it hands the real header and footer to their
 * slots, so prerendered pages carry their markup; the browser adopts the footer's without its
 * code and hydrates the header's once its code has loaded (footer-slot.tsx, header-slot.tsx).
 */
import { Footer } from "./footer.tsx";
import { provideServerFooter } from "./footer-slot.tsx";
import { Header } from "./header.tsx";
import { provideServerHeader } from "./header-slot.tsx";

export function provideShellToServerRenderer(): void {
  provideServerFooter(Footer);
  provideServerHeader(Header);
}
