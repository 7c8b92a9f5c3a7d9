import { useState } from "react";
import type { RenderedSectionOf } from "../content/index.ts";
import { PlayIcon } from "../ui/index.ts";
import { headingId, type SectionProps } from "./props.ts";
import { SectionFrame, SectionIntro } from "./section-frame.tsx";
import { SectionImage } from "./section-image.tsx";
import { videoEmbedUrl } from "./video-embed.ts";

/**
 * A click-to-load facade: the poster is a local image and the provider's player (and every
 * request it makes) loads only after the visitor presses play.
 */
export function VideoSection({ section, index }: SectionProps<RenderedSectionOf<"video">>) {
  const [playing, setPlaying] = useState(false);
  const id = headingId(index);
  const width = section.poster.width ?? 1200;
  const height = section.poster.height ?? 800;
  return (
    <SectionFrame
      id={section.id}
      type="video"
      background={section.background}
      labelledBy={section.heading ? id : undefined}
    >
      <SectionIntro headingId={id} heading={section.heading} intro={section.intro} />
      <div
        className="relative mx-auto max-w-4xl overflow-hidden rounded-2xl bg-charcoal"
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        {playing ? (
          <iframe
            src={videoEmbedUrl(section.provider, section.videoId)}
            title={section.title}
            className="absolute inset-0 size-full"
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
          />
        ) : (
          <button
            type="button"
            onClick={() => setPlaying(true)}
            className="group absolute inset-0 size-full cursor-pointer"
          >
            <SectionImage
              image={{ ...section.poster, alt: "" }}
              className="size-full object-cover"
            />
            <span className="absolute inset-0 flex items-center justify-center">
              <span className="inline-flex items-center gap-3 rounded-full bg-white px-6 py-3 font-semibold text-charcoal shadow-lg group-hover:bg-cobalt group-hover:text-white">
                <PlayIcon className="size-5" />
                Play video<span className="sr-only">: {section.title}</span>
                {section.duration ? (
                  <span className="text-sm font-normal opacity-80">{section.duration}</span>
                ) : null}
              </span>
            </span>
          </button>
        )}
      </div>
    </SectionFrame>
  );
}
