export { PageLoading as default } from "@/components/console/page-loading";
