"use client";

import type { RoleSettings } from "@chat/api/role-views";
import { SettingSwitch } from "@/components/ui/setting-switch";
import { ROLE_PERMISSION_GROUPS } from "./role-permission-groups";
import { canGrant } from "./role-reach";

/**
 * The role's permissions, grouped, each with what it lets members do. A permission the person
 * does not hold can't be switched on by them (it can still be switched off), and says so.
 */
export function RolePermissionsField({
  settings,
  permissions,
  saved,
  disabled,
  onChange,
}: {
  settings: RoleSettings;
  permissions: bigint;
  /** The role's permissions as saved: switching a held one back on is no new grant. */
  saved: bigint;
  disabled: boolean;
  onChange(permissions: bigint): void;
}) {
  return (
    <div className="flex flex-col gap-6">
      {ROLE_PERMISSION_GROUPS.map((group) => (
        <section key={group.title} aria-label={`${group.title} permissions`}>
          <h5 className="border-b border-line pb-2 text-xs font-bold uppercase tracking-wide text-muted">
            {group.title}
          </h5>
          <div className="divide-y divide-line/60">
            {group.permissions.map((permission) => {
              const on = (permissions & permission.bit) === permission.bit;
              const grantable = canGrant(settings, permission.bit) || (saved & permission.bit) === permission.bit;
              return (
                <SettingSwitch
                  key={permission.label}
                  label={permission.label}
                  explanation={permission.explanation}
                  checked={on}
                  disabled={disabled || (!on && !grantable)}
                  note={
                    !disabled && !grantable ? "You don’t have this permission yourself, so you can’t grant it." : null
                  }
                  onChange={(checked) =>
                    onChange(checked ? permissions | permission.bit : permissions & ~permission.bit)
                  }
                />
              );
            })}
          </div>
        </section>
      ))}
    </div>
  );
}
