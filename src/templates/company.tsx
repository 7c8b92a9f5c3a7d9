import type { PageProps } from "../runtime/index.ts";
import { Container } from "../ui/index.ts";
import type { ContentPageData } from "./data.ts";
import { CompanyNav, Openings } from "./parts/company.tsx";
import { ContentPage } from "./parts/content-page.tsx";

/**
 * About, press, contact, the openings…: a content page under the company navigation. The
 * openings page lists every open job after its own content.
 */
export default function CompanyTemplate(props: PageProps<ContentPageData>) {
  const { companyNav, openings } = props.data;
  return (
    <>
      {companyNav ? <CompanyNav links={companyNav} current={props.location.pathname} /> : null}
      <ContentPage {...props} variant="company">
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
      </ContentPage>
    </>
  );
}
