import { Toaster as Sonner } from "sonner";

/** Toasts as the spec sets them: at most 3 visible, each for 4000 ms. */
export function Toaster() {
  return (
    <Sonner
      position="top-right"
      visibleToasts={3}
      duration={4000}
      richColors
      closeButton
      toastOptions={{ className: "font-sans" }}
    />
  );
}
export { toast } from "sonner";
