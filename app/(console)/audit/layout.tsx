import { pageLayout } from "@/components/console/page-layout";
import { CONSOLE_PAGES } from "@/lib/console/pages";

export default pageLayout(CONSOLE_PAGES.audit);
