"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import type { DialogProps } from "./dialog-modal";

const DialogModal = dynamic(() => import("./dialog-modal"), { ssr: false });

/**
 * A modal dialog (see DialogModal), loaded the first time it opens rather than with the page: most
 * views never open one. Once opened it stays mounted, so closing it returns focus the native way.
 */
export function Dialog(props: DialogProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  return used ? <DialogModal {...props} /> : null;
}
