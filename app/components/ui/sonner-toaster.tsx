import { Toaster as Sonner } from "sonner";

/**
 * Toasts as the product shows them: at most 3 visible, each for 4000 ms; at the bottom, clear of
 * the header's buttons. Loaded on demand by toaster.tsx.
 */
export default function SonnerToaster() {
  return (
    <Sonner
      position="bottom-right"
      visibleToasts={3}
      duration={4000}
      closeButton
      // Our own palette: sonner's rich colours fall short of 4.5:1 contrast.
      toastOptions={{
        className: "font-sans",
        classNames: {
          success: "!border-brand-200 !bg-brand-50 !text-brand-900",
          error: "!border-red-200 !bg-red-50 !text-red-900",
          description: "!text-inherit",
        },
      }}
    />
  );
}
