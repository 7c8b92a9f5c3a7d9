import { announceSubmitted, LeadForm, type LeadFormProps } from "../../lead-form/index.ts";

/** The live form DeferredLeadForm swaps in: its own chunk, loaded when needed. */
export default function LiveLeadForm(props: Omit<LeadFormProps, "onSubmitted">) {
  return <LeadForm {...props} onSubmitted={announceSubmitted} />;
}
