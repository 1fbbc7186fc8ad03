import { Icon, type IconProps } from "@/components/ui/icons";

/* Decorative icons of the Roles settings, 18 pixels; the control holding one carries the label. */

export const ArrowUpIcon = (p: IconProps) => (
  <Icon size={18} {...p}>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </Icon>
);

export const ArrowDownIcon = (p: IconProps) => (
  <Icon size={18} {...p}>
    <path d="M12 5v14M19 12l-7 7-7-7" />
  </Icon>
);

export const ChevronLeftIcon = (p: IconProps) => (
  <Icon size={18} {...p}>
    <path d="m15 18-6-6 6-6" />
  </Icon>
);

export const ChevronRightIcon = (p: IconProps) => (
  <Icon size={18} {...p}>
    <path d="m9 18 6-6-6-6" />
  </Icon>
);

export const GripIcon = (p: IconProps) => (
  <Icon size={18} {...p} fill="currentColor" stroke="none">
    <circle cx="9" cy="6" r="1.5" />
    <circle cx="15" cy="6" r="1.5" />
    <circle cx="9" cy="12" r="1.5" />
    <circle cx="15" cy="12" r="1.5" />
    <circle cx="9" cy="18" r="1.5" />
    <circle cx="15" cy="18" r="1.5" />
  </Icon>
);

export const LockIcon = (p: IconProps) => (
  <Icon size={18} {...p}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </Icon>
);
