import type { PageProps } from "../runtime/index.ts";
import { StaticContentArticle } from "../sections/index.ts";
import { Container } from "../ui/index.ts";
import type { ContentPageData } from "./data.ts";
import { CompanyNav, Openings } from "./parts/company.tsx";

/**
 * About, press, contact, the openings…: a content page under the company navigation. The
 * openings page lists every open job after its own content.
 */
export default function CompanyTemplate(props: PageProps<ContentPageData>) {
  const { data, location } = props;
  const { companyNav, openings } = data;
  return (
    <>
      {companyNav ? <CompanyNav links={companyNav} current={location.pathname} /> : null}
      <StaticContentArticle
        path={location.pathname}
        page={data.page}
        image={data.image}
        variant="company"
      >
        {openings ? (
          <Container width="narrow" className="pb-section" id="open-roles">
            {openings.length > 0 ? (
              <Openings openings={openings} />
            ) : (
              <p className="text-lead text-slate">
                Every role is filled right now. New openings appear here first.
              </p>
            )}
          </Container>
        ) : null}
      </StaticContentArticle>
    </>
  );
}
