import { useEffect, useState } from "react";

/** SPEC §9: mobile is a width of 528 px or less (styles.css uses the same breakpoint). */
export const MOBILE_MAX_WIDTH = 528;
/** SPEC §9: device info is refreshed 50 ms after a resize. */
export const RESIZE_DELAY_MS = 50;

export type Device = { mobile: boolean; width: number; height: number };

function read(): Device {
  const width = typeof window === "undefined" ? 1280 : window.innerWidth;
  const height = typeof window === "undefined" ? 800 : window.innerHeight;
  return { mobile: width <= MOBILE_MAX_WIDTH, width, height };
}

/** The viewport: mobile or not, and its size; refreshed 50 ms after the last resize. */
export function useDevice(): Device {
  const [device, setDevice] = useState(read);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const next = read();
        setDevice((prev) => (prev.mobile === next.mobile && prev.width === next.width && prev.height === next.height ? prev : next));
      }, RESIZE_DELAY_MS);
    };
    window.addEventListener("resize", onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("resize", onResize);
    };
  }, []);
  return device;
}
