import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StaticQueryProvider, useStaticQuery } from "./static-query.tsx";

function Greeting({ hash }: { hash: string }) {
  const data = useStaticQuery<{ name: string }>(hash);
  // What the spec asks of shell components: missing data renders nothing.
  if (!data) return null;
  return <p>Hello {data.name}</p>;
}

describe("useStaticQuery", () => {
  it("reads a loaded query's data", () => {
    const html = renderToString(
      <StaticQueryProvider value={{ "123": { name: "Harbor" } }}>
        <Greeting hash="123" />
      </StaticQueryProvider>,
    );
    expect(html).toBe("<p>Hello <!-- -->Harbor</p>");
  });

  it("gives null for a query whose data is missing, so the component renders nothing", () => {
    const html = renderToString(
      <StaticQueryProvider value={{ "123": null }}>
        <Greeting hash="123" />
      </StaticQueryProvider>,
    );
    expect(html).toBe("");
  });

  it("throws an error naming the file of a query that was never loaded", () => {
    expect(() =>
      renderToString(
        <StaticQueryProvider value={{}}>
          <Greeting hash="987" />
        </StaticQueryProvider>,
      ),
    ).toThrow("/page-data/sq/d/987.json");
  });
});
