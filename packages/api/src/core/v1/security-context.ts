// Security settings of pods and containers, as declared in k8s.io/api core/v1/types.go and
// generated.proto (v0.33.13).
import type { z } from 'zod';
import { field, struct, types } from '@kapi/apimachinery';
import { coreV1 } from '../../meta-fields.ts';

/** POSIX capabilities added to and dropped from a container. */
export const Capabilities = struct(coreV1('Capabilities', 'POSIX capabilities added to and dropped from a container.'), {
  add: field(1, types.list(types.string()), { description: 'Capabilities to add.', listType: 'atomic' }),
  drop: field(2, types.list(types.string()), { description: 'Capabilities to drop.', listType: 'atomic' }),
});
export type Capabilities = z.infer<typeof Capabilities>;

/** An SELinux label. */
export const SELinuxOptions = struct(coreV1('SELinuxOptions', 'An SELinux label.'), {
  user: field(1, types.string(), { description: 'The SELinux user.' }),
  role: field(2, types.string(), { description: 'The SELinux role.' }),
  type: field(3, types.string(), { description: 'The SELinux type.' }),
  level: field(4, types.string(), { description: 'The SELinux level.' }),
});
export type SELinuxOptions = z.infer<typeof SELinuxOptions>;

/** Windows-specific security settings. */
export const WindowsSecurityContextOptions = struct(coreV1('WindowsSecurityContextOptions', 'Windows-specific security settings.'), {
  gmsaCredentialSpecName: field(1, types.string(), { description: 'Name of the GMSA credential spec resource.', pointer: true }),
  gmsaCredentialSpec: field(2, types.string(), { description: 'The GMSA credential spec inlined by the admission webhook.', pointer: true }),
  runAsUserName: field(3, types.string(), { description: 'The Windows user to run the entrypoint as.', pointer: true }),
  hostProcess: field(4, types.bool(), { description: 'Run the container as a Windows HostProcess container.', pointer: true }),
});
export type WindowsSecurityContextOptions = z.infer<typeof WindowsSecurityContextOptions>;

/** A seccomp profile. */
export const SeccompProfile = struct(coreV1('SeccompProfile', 'A seccomp profile.'), {
  type: field(1, types.string(), { description: 'Localhost, RuntimeDefault or Unconfined.', required: true, default: '' }),
  localhostProfile: field(2, types.string(), {
    description: "The path of a profile preloaded on the node, relative to the runtime's profile directory; only for type Localhost.",
    pointer: true,
  }),
});
export type SeccompProfile = z.infer<typeof SeccompProfile>;

/** An AppArmor profile. */
export const AppArmorProfile = struct(coreV1('AppArmorProfile', 'An AppArmor profile.'), {
  type: field(1, types.string(), { description: 'Localhost, RuntimeDefault or Unconfined.', required: true, default: '' }),
  localhostProfile: field(2, types.string(), {
    description: "The path of a profile preloaded on the node, relative to the runtime's profile directory; only for type Localhost.",
    pointer: true,
  }),
});
export type AppArmorProfile = z.infer<typeof AppArmorProfile>;

/** Security settings of a container; they override the pod's where both are set. */
export const SecurityContext = struct(coreV1('SecurityContext', "Security settings of a container; they override the pod's where both are set."), {
  capabilities: field(1, Capabilities, { description: 'Capabilities to add and drop.', pointer: true }),
  privileged: field(2, types.bool(), { description: 'Run the container as privileged, like root on the host.', pointer: true }),
  seLinuxOptions: field(3, SELinuxOptions, { description: 'The SELinux context of the container.', pointer: true }),
  windowsOptions: field(10, WindowsSecurityContextOptions, { description: 'Windows-specific settings.', pointer: true }),
  runAsUser: field(4, types.int64(), { description: "The UID of the container's entrypoint.", pointer: true }),
  runAsGroup: field(8, types.int64(), { description: "The GID of the container's entrypoint.", pointer: true }),
  runAsNonRoot: field(5, types.bool(), { description: 'Refuse to start the container as UID 0.', pointer: true }),
  readOnlyRootFilesystem: field(6, types.bool(), { description: 'Mount the root filesystem read-only.', pointer: true }),
  allowPrivilegeEscalation: field(7, types.bool(), {
    description: 'Whether a process may gain more privileges than its parent (no_new_privs).',
    pointer: true,
  }),
  procMount: field(9, types.string(), { description: 'Default or Unmasked /proc.', pointer: true }),
  seccompProfile: field(11, SeccompProfile, { description: 'The seccomp profile of the container.', pointer: true }),
  appArmorProfile: field(12, AppArmorProfile, { description: 'The AppArmor profile of the container.', pointer: true }),
});
export type SecurityContext = z.infer<typeof SecurityContext>;

/** A kernel parameter. */
export const Sysctl = struct(coreV1('Sysctl', 'A kernel parameter.'), {
  name: field(1, types.string(), { description: 'The parameter.', required: true, default: '' }),
  value: field(2, types.string(), { description: 'Its value.', required: true, default: '' }),
});
export type Sysctl = z.infer<typeof Sysctl>;

/** Security settings of a pod, and defaults for its containers. */
export const PodSecurityContext = struct(coreV1('PodSecurityContext', 'Security settings of a pod, and defaults for its containers.'), {
  seLinuxOptions: field(1, SELinuxOptions, { description: 'The SELinux context of all containers.', pointer: true }),
  windowsOptions: field(8, WindowsSecurityContextOptions, { description: 'Windows-specific settings of all containers.', pointer: true }),
  runAsUser: field(2, types.int64(), { description: "The UID of the containers' entrypoints.", pointer: true }),
  runAsGroup: field(6, types.int64(), { description: "The GID of the containers' entrypoints.", pointer: true }),
  runAsNonRoot: field(3, types.bool(), { description: 'Refuse to start containers as UID 0.', pointer: true }),
  supplementalGroups: field(4, types.list(types.int64()), { description: 'Extra GIDs of the first process of each container.', listType: 'atomic' }),
  supplementalGroupsPolicy: field(12, types.string(), { description: "Merge (default) or Strict: whether the image's groups are added.", pointer: true }),
  fsGroup: field(5, types.int64(), { description: "A GID that owns the pod's volumes and is added to every container's groups.", pointer: true }),
  sysctls: field(7, types.list(Sysctl), { description: 'Namespaced sysctls set for the pod.', listType: 'atomic' }),
  fsGroupChangePolicy: field(9, types.string(), { description: 'When volume ownership is changed: OnRootMismatch or Always (default).', pointer: true }),
  seccompProfile: field(10, SeccompProfile, { description: 'The seccomp profile of all containers.', pointer: true }),
  appArmorProfile: field(11, AppArmorProfile, { description: 'The AppArmor profile of all containers.', pointer: true }),
  seLinuxChangePolicy: field(13, types.string(), { description: 'How the SELinux label reaches volumes: Recursive or MountOption.', pointer: true }),
});
export type PodSecurityContext = z.infer<typeof PodSecurityContext>;
