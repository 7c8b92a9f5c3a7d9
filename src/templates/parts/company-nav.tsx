import { Link } from "../../runtime/index.ts";
import { Container } from "../../ui/index.ts";
import type { NavLink } from "../data.ts";

/** About, careers, openings, press, contact: the company pages link to one another. */
export function CompanyNav({ links, current }: { links: NavLink[]; current: string }) {
  return (
    <nav aria-label="Company" className="border-b border-charcoal-tint bg-white">
      <Container>
        <ul className="flex gap-6 overflow-x-auto py-3 text-sm font-semibold whitespace-nowrap">
          {links.map((link) => (
            <li key={link.path}>
              <Link
                to={link.path}
                aria-current={link.path === current ? "page" : undefined}
                className={
                  link.path === current
                    ? "text-charcoal underline decoration-2 underline-offset-8"
                    : "text-slate hover:text-cobalt"
                }
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </nav>
  );
}
