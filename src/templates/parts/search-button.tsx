import { type ComponentType, useState } from "react";
import { Button } from "../../ui/index.ts";

type DialogComponent = ComponentType<{ onClose: () => void }>;

/**
 * The search entry point: a plain button. The dialog and the search code load only when a
 * visitor opens search, and the index files only when they search, so no page pays for search
 * in its first load.
 */
export function SearchButton() {
  const [Dialog, setDialog] = useState<DialogComponent | null>(null);
  const [open, setOpen] = useState(false);
  const openSearch = () => {
    setOpen(true);
    if (Dialog) return;
    import("./search-dialog.tsx").then(
      (module) => setDialog(() => module.SearchDialog),
      () => setOpen(false),
    );
  };
  return (
    <>
      <Button variant="outline" size="S" onClick={openSearch} aria-haspopup="dialog">
        Search
      </Button>
      {open && Dialog && <Dialog onClose={() => setOpen(false)} />}
    </>
  );
}
