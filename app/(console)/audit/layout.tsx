import { roleLayout } from "@/components/console/role-layout";

export default roleLayout("lead");
