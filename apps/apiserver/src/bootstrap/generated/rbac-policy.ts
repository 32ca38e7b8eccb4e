// GENERATED from apps/apiserver/test/fixtures/bootstrappolicy/*.yaml (kube's bootstrap policy test
// data, see the README there) by generate.ts beside this file; regenerate rather than edit.
import type { KubeObject } from '@kapi/apimachinery';

export const clusterRoles: readonly KubeObject[] = [
  {
    "aggregationRule": {
      "clusterRoleSelectors": [
        {
          "matchLabels": {
            "rbac.authorization.k8s.io/aggregate-to-admin": "true"
          }
        }
      ]
    },
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "admin"
    }
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "cluster-admin"
    },
    "rules": [
      {
        "apiGroups": [
          "*"
        ],
        "resources": [
          "*"
        ],
        "verbs": [
          "*"
        ]
      },
      {
        "nonResourceURLs": [
          "*"
        ],
        "verbs": [
          "*"
        ]
      }
    ]
  },
  {
    "aggregationRule": {
      "clusterRoleSelectors": [
        {
          "matchLabels": {
            "rbac.authorization.k8s.io/aggregate-to-edit": "true"
          }
        }
      ]
    },
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults",
        "rbac.authorization.k8s.io/aggregate-to-admin": "true"
      },
      "name": "edit"
    }
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults",
        "rbac.authorization.k8s.io/aggregate-to-admin": "true"
      },
      "name": "system:aggregate-to-admin"
    },
    "rules": [
      {
        "apiGroups": [
          "authorization.k8s.io"
        ],
        "resources": [
          "localsubjectaccessreviews"
        ],
        "verbs": [
          "create"
        ]
      },
      {
        "apiGroups": [
          "rbac.authorization.k8s.io"
        ],
        "resources": [
          "rolebindings",
          "roles"
        ],
        "verbs": [
          "create",
          "delete",
          "deletecollection",
          "get",
          "list",
          "patch",
          "update",
          "watch"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults",
        "rbac.authorization.k8s.io/aggregate-to-edit": "true"
      },
      "name": "system:aggregate-to-edit"
    },
    "rules": [
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "pods/attach",
          "pods/exec",
          "pods/portforward",
          "pods/proxy",
          "secrets",
          "services/proxy"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "serviceaccounts"
        ],
        "verbs": [
          "impersonate"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "pods",
          "pods/attach",
          "pods/exec",
          "pods/portforward",
          "pods/proxy"
        ],
        "verbs": [
          "create",
          "delete",
          "deletecollection",
          "patch",
          "update"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "pods/eviction"
        ],
        "verbs": [
          "create"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "configmaps",
          "events",
          "persistentvolumeclaims",
          "replicationcontrollers",
          "replicationcontrollers/scale",
          "secrets",
          "serviceaccounts",
          "services",
          "services/proxy"
        ],
        "verbs": [
          "create",
          "delete",
          "deletecollection",
          "patch",
          "update"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "serviceaccounts/token"
        ],
        "verbs": [
          "create"
        ]
      },
      {
        "apiGroups": [
          "apps"
        ],
        "resources": [
          "daemonsets",
          "deployments",
          "deployments/rollback",
          "deployments/scale",
          "replicasets",
          "replicasets/scale",
          "statefulsets",
          "statefulsets/scale"
        ],
        "verbs": [
          "create",
          "delete",
          "deletecollection",
          "patch",
          "update"
        ]
      },
      {
        "apiGroups": [
          "autoscaling"
        ],
        "resources": [
          "horizontalpodautoscalers"
        ],
        "verbs": [
          "create",
          "delete",
          "deletecollection",
          "patch",
          "update"
        ]
      },
      {
        "apiGroups": [
          "batch"
        ],
        "resources": [
          "cronjobs",
          "jobs"
        ],
        "verbs": [
          "create",
          "delete",
          "deletecollection",
          "patch",
          "update"
        ]
      },
      {
        "apiGroups": [
          "extensions"
        ],
        "resources": [
          "daemonsets",
          "deployments",
          "deployments/rollback",
          "deployments/scale",
          "ingresses",
          "networkpolicies",
          "replicasets",
          "replicasets/scale",
          "replicationcontrollers/scale"
        ],
        "verbs": [
          "create",
          "delete",
          "deletecollection",
          "patch",
          "update"
        ]
      },
      {
        "apiGroups": [
          "policy"
        ],
        "resources": [
          "poddisruptionbudgets"
        ],
        "verbs": [
          "create",
          "delete",
          "deletecollection",
          "patch",
          "update"
        ]
      },
      {
        "apiGroups": [
          "networking.k8s.io"
        ],
        "resources": [
          "ingresses",
          "networkpolicies"
        ],
        "verbs": [
          "create",
          "delete",
          "deletecollection",
          "patch",
          "update"
        ]
      },
      {
        "apiGroups": [
          "coordination.k8s.io"
        ],
        "resources": [
          "leases"
        ],
        "verbs": [
          "create",
          "delete",
          "deletecollection",
          "get",
          "list",
          "patch",
          "update",
          "watch"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults",
        "rbac.authorization.k8s.io/aggregate-to-view": "true"
      },
      "name": "system:aggregate-to-view"
    },
    "rules": [
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "configmaps",
          "endpoints",
          "persistentvolumeclaims",
          "persistentvolumeclaims/status",
          "pods",
          "replicationcontrollers",
          "replicationcontrollers/scale",
          "serviceaccounts",
          "services",
          "services/status"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "bindings",
          "events",
          "limitranges",
          "namespaces/status",
          "pods/log",
          "pods/status",
          "replicationcontrollers/status",
          "resourcequotas",
          "resourcequotas/status"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "namespaces"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          "discovery.k8s.io"
        ],
        "resources": [
          "endpointslices"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          "apps"
        ],
        "resources": [
          "controllerrevisions",
          "daemonsets",
          "daemonsets/status",
          "deployments",
          "deployments/scale",
          "deployments/status",
          "replicasets",
          "replicasets/scale",
          "replicasets/status",
          "statefulsets",
          "statefulsets/scale",
          "statefulsets/status"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          "autoscaling"
        ],
        "resources": [
          "horizontalpodautoscalers",
          "horizontalpodautoscalers/status"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          "batch"
        ],
        "resources": [
          "cronjobs",
          "cronjobs/status",
          "jobs",
          "jobs/status"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          "extensions"
        ],
        "resources": [
          "daemonsets",
          "daemonsets/status",
          "deployments",
          "deployments/scale",
          "deployments/status",
          "ingresses",
          "ingresses/status",
          "networkpolicies",
          "replicasets",
          "replicasets/scale",
          "replicasets/status",
          "replicationcontrollers/scale"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          "policy"
        ],
        "resources": [
          "poddisruptionbudgets",
          "poddisruptionbudgets/status"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          "networking.k8s.io"
        ],
        "resources": [
          "ingresses",
          "ingresses/status",
          "networkpolicies"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:auth-delegator"
    },
    "rules": [
      {
        "apiGroups": [
          "authentication.k8s.io"
        ],
        "resources": [
          "tokenreviews"
        ],
        "verbs": [
          "create"
        ]
      },
      {
        "apiGroups": [
          "authorization.k8s.io"
        ],
        "resources": [
          "subjectaccessreviews"
        ],
        "verbs": [
          "create"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:basic-user"
    },
    "rules": [
      {
        "apiGroups": [
          "authorization.k8s.io"
        ],
        "resources": [
          "selfsubjectaccessreviews",
          "selfsubjectrulesreviews"
        ],
        "verbs": [
          "create"
        ]
      },
      {
        "apiGroups": [
          "authentication.k8s.io"
        ],
        "resources": [
          "selfsubjectreviews"
        ],
        "verbs": [
          "create"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:certificates.k8s.io:certificatesigningrequests:nodeclient"
    },
    "rules": [
      {
        "apiGroups": [
          "certificates.k8s.io"
        ],
        "resources": [
          "certificatesigningrequests/nodeclient"
        ],
        "verbs": [
          "create"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:certificates.k8s.io:certificatesigningrequests:selfnodeclient"
    },
    "rules": [
      {
        "apiGroups": [
          "certificates.k8s.io"
        ],
        "resources": [
          "certificatesigningrequests/selfnodeclient"
        ],
        "verbs": [
          "create"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:certificates.k8s.io:kube-apiserver-client-approver"
    },
    "rules": [
      {
        "apiGroups": [
          "certificates.k8s.io"
        ],
        "resourceNames": [
          "kubernetes.io/kube-apiserver-client"
        ],
        "resources": [
          "signers"
        ],
        "verbs": [
          "approve"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:certificates.k8s.io:kube-apiserver-client-kubelet-approver"
    },
    "rules": [
      {
        "apiGroups": [
          "certificates.k8s.io"
        ],
        "resourceNames": [
          "kubernetes.io/kube-apiserver-client-kubelet"
        ],
        "resources": [
          "signers"
        ],
        "verbs": [
          "approve"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:certificates.k8s.io:kubelet-serving-approver"
    },
    "rules": [
      {
        "apiGroups": [
          "certificates.k8s.io"
        ],
        "resourceNames": [
          "kubernetes.io/kubelet-serving"
        ],
        "resources": [
          "signers"
        ],
        "verbs": [
          "approve"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:certificates.k8s.io:legacy-unknown-approver"
    },
    "rules": [
      {
        "apiGroups": [
          "certificates.k8s.io"
        ],
        "resourceNames": [
          "kubernetes.io/legacy-unknown"
        ],
        "resources": [
          "signers"
        ],
        "verbs": [
          "approve"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:discovery"
    },
    "rules": [
      {
        "nonResourceURLs": [
          "/api",
          "/api/*",
          "/apis",
          "/apis/*",
          "/healthz",
          "/livez",
          "/openapi",
          "/openapi/*",
          "/readyz",
          "/version",
          "/version/"
        ],
        "verbs": [
          "get"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:heapster"
    },
    "rules": [
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "events",
          "namespaces",
          "nodes",
          "pods"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          "extensions"
        ],
        "resources": [
          "deployments"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:kube-aggregator"
    },
    "rules": [
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "endpoints",
          "services"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:kube-controller-manager"
    },
    "rules": [
      {
        "apiGroups": [
          "",
          "events.k8s.io"
        ],
        "resources": [
          "events"
        ],
        "verbs": [
          "create",
          "patch",
          "update"
        ]
      },
      {
        "apiGroups": [
          "coordination.k8s.io"
        ],
        "resources": [
          "leases"
        ],
        "verbs": [
          "create"
        ]
      },
      {
        "apiGroups": [
          "coordination.k8s.io"
        ],
        "resourceNames": [
          "kube-controller-manager"
        ],
        "resources": [
          "leases"
        ],
        "verbs": [
          "get",
          "update"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "secrets",
          "serviceaccounts"
        ],
        "verbs": [
          "create"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "secrets"
        ],
        "verbs": [
          "delete"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "configmaps",
          "namespaces",
          "secrets",
          "serviceaccounts"
        ],
        "verbs": [
          "get"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "secrets",
          "serviceaccounts"
        ],
        "verbs": [
          "update"
        ]
      },
      {
        "apiGroups": [
          "authentication.k8s.io"
        ],
        "resources": [
          "tokenreviews"
        ],
        "verbs": [
          "create"
        ]
      },
      {
        "apiGroups": [
          "authorization.k8s.io"
        ],
        "resources": [
          "subjectaccessreviews"
        ],
        "verbs": [
          "create"
        ]
      },
      {
        "apiGroups": [
          "*"
        ],
        "resources": [
          "*"
        ],
        "verbs": [
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "serviceaccounts/token"
        ],
        "verbs": [
          "create"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:kube-dns"
    },
    "rules": [
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "endpoints",
          "services"
        ],
        "verbs": [
          "list",
          "watch"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:kube-scheduler"
    },
    "rules": [
      {
        "apiGroups": [
          "",
          "events.k8s.io"
        ],
        "resources": [
          "events"
        ],
        "verbs": [
          "create",
          "patch",
          "update"
        ]
      },
      {
        "apiGroups": [
          "coordination.k8s.io"
        ],
        "resources": [
          "leases"
        ],
        "verbs": [
          "create"
        ]
      },
      {
        "apiGroups": [
          "coordination.k8s.io"
        ],
        "resourceNames": [
          "kube-scheduler"
        ],
        "resources": [
          "leases"
        ],
        "verbs": [
          "get",
          "update"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "nodes"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "pods"
        ],
        "verbs": [
          "delete",
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "bindings",
          "pods/binding"
        ],
        "verbs": [
          "create"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "pods/status"
        ],
        "verbs": [
          "patch",
          "update"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "replicationcontrollers",
          "services"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          "apps",
          "extensions"
        ],
        "resources": [
          "replicasets"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          "apps"
        ],
        "resources": [
          "statefulsets"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          "policy"
        ],
        "resources": [
          "poddisruptionbudgets"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "persistentvolumeclaims",
          "persistentvolumes"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          "authentication.k8s.io"
        ],
        "resources": [
          "tokenreviews"
        ],
        "verbs": [
          "create"
        ]
      },
      {
        "apiGroups": [
          "authorization.k8s.io"
        ],
        "resources": [
          "subjectaccessreviews"
        ],
        "verbs": [
          "create"
        ]
      },
      {
        "apiGroups": [
          "storage.k8s.io"
        ],
        "resources": [
          "csinodes"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "namespaces"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          "storage.k8s.io"
        ],
        "resources": [
          "csidrivers"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          "storage.k8s.io"
        ],
        "resources": [
          "csistoragecapacities"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:kubelet-api-admin"
    },
    "rules": [
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "nodes"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "nodes"
        ],
        "verbs": [
          "proxy"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "nodes/log",
          "nodes/metrics",
          "nodes/proxy",
          "nodes/stats"
        ],
        "verbs": [
          "*"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:monitoring"
    },
    "rules": [
      {
        "nonResourceURLs": [
          "/healthz",
          "/healthz/*",
          "/livez",
          "/livez/*",
          "/metrics",
          "/metrics/slis",
          "/readyz",
          "/readyz/*"
        ],
        "verbs": [
          "get"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:node"
    },
    "rules": [
      {
        "apiGroups": [
          "authentication.k8s.io"
        ],
        "resources": [
          "tokenreviews"
        ],
        "verbs": [
          "create"
        ]
      },
      {
        "apiGroups": [
          "authorization.k8s.io"
        ],
        "resources": [
          "localsubjectaccessreviews",
          "subjectaccessreviews"
        ],
        "verbs": [
          "create"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "services"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "nodes"
        ],
        "verbs": [
          "create",
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "nodes/status"
        ],
        "verbs": [
          "patch",
          "update"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "nodes"
        ],
        "verbs": [
          "patch",
          "update"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "events"
        ],
        "verbs": [
          "create",
          "patch",
          "update"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "pods"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "pods"
        ],
        "verbs": [
          "create",
          "delete"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "pods/status"
        ],
        "verbs": [
          "patch",
          "update"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "pods/eviction"
        ],
        "verbs": [
          "create"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "configmaps",
          "secrets"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "persistentvolumeclaims",
          "persistentvolumes"
        ],
        "verbs": [
          "get"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "endpoints"
        ],
        "verbs": [
          "get"
        ]
      },
      {
        "apiGroups": [
          "certificates.k8s.io"
        ],
        "resources": [
          "certificatesigningrequests"
        ],
        "verbs": [
          "create",
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          "coordination.k8s.io"
        ],
        "resources": [
          "leases"
        ],
        "verbs": [
          "create",
          "delete",
          "get",
          "patch",
          "update"
        ]
      },
      {
        "apiGroups": [
          "storage.k8s.io"
        ],
        "resources": [
          "volumeattachments"
        ],
        "verbs": [
          "get"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "serviceaccounts/token"
        ],
        "verbs": [
          "create"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "persistentvolumeclaims/status"
        ],
        "verbs": [
          "get",
          "patch",
          "update"
        ]
      },
      {
        "apiGroups": [
          "storage.k8s.io"
        ],
        "resources": [
          "csidrivers"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          "storage.k8s.io"
        ],
        "resources": [
          "csinodes"
        ],
        "verbs": [
          "create",
          "delete",
          "get",
          "patch",
          "update"
        ]
      },
      {
        "apiGroups": [
          "node.k8s.io"
        ],
        "resources": [
          "runtimeclasses"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:node-bootstrapper"
    },
    "rules": [
      {
        "apiGroups": [
          "certificates.k8s.io"
        ],
        "resources": [
          "certificatesigningrequests"
        ],
        "verbs": [
          "create",
          "get",
          "list",
          "watch"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:node-problem-detector"
    },
    "rules": [
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "nodes"
        ],
        "verbs": [
          "get"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "nodes/status"
        ],
        "verbs": [
          "patch"
        ]
      },
      {
        "apiGroups": [
          "",
          "events.k8s.io"
        ],
        "resources": [
          "events"
        ],
        "verbs": [
          "create",
          "patch",
          "update"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:node-proxier"
    },
    "rules": [
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "endpoints",
          "services"
        ],
        "verbs": [
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "nodes"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          "",
          "events.k8s.io"
        ],
        "resources": [
          "events"
        ],
        "verbs": [
          "create",
          "patch",
          "update"
        ]
      },
      {
        "apiGroups": [
          "discovery.k8s.io"
        ],
        "resources": [
          "endpointslices"
        ],
        "verbs": [
          "list",
          "watch"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:persistent-volume-provisioner"
    },
    "rules": [
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "persistentvolumes"
        ],
        "verbs": [
          "create",
          "delete",
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "persistentvolumeclaims"
        ],
        "verbs": [
          "get",
          "list",
          "update",
          "watch"
        ]
      },
      {
        "apiGroups": [
          "storage.k8s.io"
        ],
        "resources": [
          "storageclasses"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "events"
        ],
        "verbs": [
          "watch"
        ]
      },
      {
        "apiGroups": [
          "",
          "events.k8s.io"
        ],
        "resources": [
          "events"
        ],
        "verbs": [
          "create",
          "patch",
          "update"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:public-info-viewer"
    },
    "rules": [
      {
        "nonResourceURLs": [
          "/healthz",
          "/livez",
          "/readyz",
          "/version",
          "/version/"
        ],
        "verbs": [
          "get"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:service-account-issuer-discovery"
    },
    "rules": [
      {
        "nonResourceURLs": [
          "/.well-known/openid-configuration",
          "/openid/v1/jwks"
        ],
        "verbs": [
          "get"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:volume-scheduler"
    },
    "rules": [
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "persistentvolumes"
        ],
        "verbs": [
          "get",
          "list",
          "patch",
          "update",
          "watch"
        ]
      },
      {
        "apiGroups": [
          "storage.k8s.io"
        ],
        "resources": [
          "storageclasses"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "persistentvolumeclaims"
        ],
        "verbs": [
          "get",
          "list",
          "patch",
          "update",
          "watch"
        ]
      }
    ]
  },
  {
    "aggregationRule": {
      "clusterRoleSelectors": [
        {
          "matchLabels": {
            "rbac.authorization.k8s.io/aggregate-to-view": "true"
          }
        }
      ]
    },
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRole",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults",
        "rbac.authorization.k8s.io/aggregate-to-edit": "true"
      },
      "name": "view"
    }
  }
];

export const clusterRoleBindings: readonly KubeObject[] = [
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRoleBinding",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "cluster-admin"
    },
    "roleRef": {
      "apiGroup": "rbac.authorization.k8s.io",
      "kind": "ClusterRole",
      "name": "cluster-admin"
    },
    "subjects": [
      {
        "apiGroup": "rbac.authorization.k8s.io",
        "kind": "Group",
        "name": "system:masters"
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRoleBinding",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:basic-user"
    },
    "roleRef": {
      "apiGroup": "rbac.authorization.k8s.io",
      "kind": "ClusterRole",
      "name": "system:basic-user"
    },
    "subjects": [
      {
        "apiGroup": "rbac.authorization.k8s.io",
        "kind": "Group",
        "name": "system:authenticated"
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRoleBinding",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:discovery"
    },
    "roleRef": {
      "apiGroup": "rbac.authorization.k8s.io",
      "kind": "ClusterRole",
      "name": "system:discovery"
    },
    "subjects": [
      {
        "apiGroup": "rbac.authorization.k8s.io",
        "kind": "Group",
        "name": "system:authenticated"
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRoleBinding",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:kube-controller-manager"
    },
    "roleRef": {
      "apiGroup": "rbac.authorization.k8s.io",
      "kind": "ClusterRole",
      "name": "system:kube-controller-manager"
    },
    "subjects": [
      {
        "apiGroup": "rbac.authorization.k8s.io",
        "kind": "User",
        "name": "system:kube-controller-manager"
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRoleBinding",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:kube-dns"
    },
    "roleRef": {
      "apiGroup": "rbac.authorization.k8s.io",
      "kind": "ClusterRole",
      "name": "system:kube-dns"
    },
    "subjects": [
      {
        "kind": "ServiceAccount",
        "name": "kube-dns",
        "namespace": "kube-system"
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRoleBinding",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:kube-scheduler"
    },
    "roleRef": {
      "apiGroup": "rbac.authorization.k8s.io",
      "kind": "ClusterRole",
      "name": "system:kube-scheduler"
    },
    "subjects": [
      {
        "apiGroup": "rbac.authorization.k8s.io",
        "kind": "User",
        "name": "system:kube-scheduler"
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRoleBinding",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:monitoring"
    },
    "roleRef": {
      "apiGroup": "rbac.authorization.k8s.io",
      "kind": "ClusterRole",
      "name": "system:monitoring"
    },
    "subjects": [
      {
        "apiGroup": "rbac.authorization.k8s.io",
        "kind": "Group",
        "name": "system:monitoring"
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRoleBinding",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:node"
    },
    "roleRef": {
      "apiGroup": "rbac.authorization.k8s.io",
      "kind": "ClusterRole",
      "name": "system:node"
    }
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRoleBinding",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:node-proxier"
    },
    "roleRef": {
      "apiGroup": "rbac.authorization.k8s.io",
      "kind": "ClusterRole",
      "name": "system:node-proxier"
    },
    "subjects": [
      {
        "apiGroup": "rbac.authorization.k8s.io",
        "kind": "User",
        "name": "system:kube-proxy"
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRoleBinding",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:public-info-viewer"
    },
    "roleRef": {
      "apiGroup": "rbac.authorization.k8s.io",
      "kind": "ClusterRole",
      "name": "system:public-info-viewer"
    },
    "subjects": [
      {
        "apiGroup": "rbac.authorization.k8s.io",
        "kind": "Group",
        "name": "system:authenticated"
      },
      {
        "apiGroup": "rbac.authorization.k8s.io",
        "kind": "Group",
        "name": "system:unauthenticated"
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRoleBinding",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:service-account-issuer-discovery"
    },
    "roleRef": {
      "apiGroup": "rbac.authorization.k8s.io",
      "kind": "ClusterRole",
      "name": "system:service-account-issuer-discovery"
    },
    "subjects": [
      {
        "apiGroup": "rbac.authorization.k8s.io",
        "kind": "Group",
        "name": "system:serviceaccounts"
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "ClusterRoleBinding",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:volume-scheduler"
    },
    "roleRef": {
      "apiGroup": "rbac.authorization.k8s.io",
      "kind": "ClusterRole",
      "name": "system:volume-scheduler"
    },
    "subjects": [
      {
        "apiGroup": "rbac.authorization.k8s.io",
        "kind": "User",
        "name": "system:kube-scheduler"
      }
    ]
  }
];

export const roles: readonly KubeObject[] = [
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "Role",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:controller:bootstrap-signer",
      "namespace": "kube-public"
    },
    "rules": [
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "configmaps"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          ""
        ],
        "resourceNames": [
          "cluster-info"
        ],
        "resources": [
          "configmaps"
        ],
        "verbs": [
          "update"
        ]
      },
      {
        "apiGroups": [
          "",
          "events.k8s.io"
        ],
        "resources": [
          "events"
        ],
        "verbs": [
          "create",
          "patch",
          "update"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "Role",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "extension-apiserver-authentication-reader",
      "namespace": "kube-system"
    },
    "rules": [
      {
        "apiGroups": [
          ""
        ],
        "resourceNames": [
          "extension-apiserver-authentication"
        ],
        "resources": [
          "configmaps"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "Role",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system::leader-locking-kube-controller-manager",
      "namespace": "kube-system"
    },
    "rules": [
      {
        "apiGroups": [
          "coordination.k8s.io"
        ],
        "resources": [
          "leases"
        ],
        "verbs": [
          "create",
          "get",
          "list",
          "update",
          "watch"
        ]
      },
      {
        "apiGroups": [
          "coordination.k8s.io"
        ],
        "resources": [
          "leasecandidates"
        ],
        "verbs": [
          "create",
          "get",
          "list",
          "update",
          "watch"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "Role",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system::leader-locking-kube-scheduler",
      "namespace": "kube-system"
    },
    "rules": [
      {
        "apiGroups": [
          "coordination.k8s.io"
        ],
        "resources": [
          "leases"
        ],
        "verbs": [
          "create",
          "get",
          "list",
          "update",
          "watch"
        ]
      },
      {
        "apiGroups": [
          "coordination.k8s.io"
        ],
        "resources": [
          "leasecandidates"
        ],
        "verbs": [
          "create",
          "get",
          "list",
          "update",
          "watch"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "Role",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:controller:bootstrap-signer",
      "namespace": "kube-system"
    },
    "rules": [
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "secrets"
        ],
        "verbs": [
          "get",
          "list",
          "watch"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "Role",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:controller:cloud-provider",
      "namespace": "kube-system"
    },
    "rules": [
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "configmaps"
        ],
        "verbs": [
          "create",
          "get",
          "list",
          "watch"
        ]
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "Role",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:controller:token-cleaner",
      "namespace": "kube-system"
    },
    "rules": [
      {
        "apiGroups": [
          ""
        ],
        "resources": [
          "secrets"
        ],
        "verbs": [
          "delete",
          "get",
          "list",
          "watch"
        ]
      },
      {
        "apiGroups": [
          "",
          "events.k8s.io"
        ],
        "resources": [
          "events"
        ],
        "verbs": [
          "create",
          "patch",
          "update"
        ]
      }
    ]
  }
];

export const roleBindings: readonly KubeObject[] = [
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "RoleBinding",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:controller:bootstrap-signer",
      "namespace": "kube-public"
    },
    "roleRef": {
      "apiGroup": "rbac.authorization.k8s.io",
      "kind": "Role",
      "name": "system:controller:bootstrap-signer"
    },
    "subjects": [
      {
        "kind": "ServiceAccount",
        "name": "bootstrap-signer",
        "namespace": "kube-system"
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "RoleBinding",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system::extension-apiserver-authentication-reader",
      "namespace": "kube-system"
    },
    "roleRef": {
      "apiGroup": "rbac.authorization.k8s.io",
      "kind": "Role",
      "name": "extension-apiserver-authentication-reader"
    },
    "subjects": [
      {
        "apiGroup": "rbac.authorization.k8s.io",
        "kind": "User",
        "name": "system:kube-controller-manager"
      },
      {
        "apiGroup": "rbac.authorization.k8s.io",
        "kind": "User",
        "name": "system:kube-scheduler"
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "RoleBinding",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system::leader-locking-kube-controller-manager",
      "namespace": "kube-system"
    },
    "roleRef": {
      "apiGroup": "rbac.authorization.k8s.io",
      "kind": "Role",
      "name": "system::leader-locking-kube-controller-manager"
    },
    "subjects": [
      {
        "apiGroup": "rbac.authorization.k8s.io",
        "kind": "User",
        "name": "system:kube-controller-manager"
      },
      {
        "kind": "ServiceAccount",
        "name": "kube-controller-manager",
        "namespace": "kube-system"
      },
      {
        "kind": "ServiceAccount",
        "name": "leader-election-controller",
        "namespace": "kube-system"
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "RoleBinding",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system::leader-locking-kube-scheduler",
      "namespace": "kube-system"
    },
    "roleRef": {
      "apiGroup": "rbac.authorization.k8s.io",
      "kind": "Role",
      "name": "system::leader-locking-kube-scheduler"
    },
    "subjects": [
      {
        "apiGroup": "rbac.authorization.k8s.io",
        "kind": "User",
        "name": "system:kube-scheduler"
      },
      {
        "kind": "ServiceAccount",
        "name": "kube-scheduler",
        "namespace": "kube-system"
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "RoleBinding",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:controller:bootstrap-signer",
      "namespace": "kube-system"
    },
    "roleRef": {
      "apiGroup": "rbac.authorization.k8s.io",
      "kind": "Role",
      "name": "system:controller:bootstrap-signer"
    },
    "subjects": [
      {
        "kind": "ServiceAccount",
        "name": "bootstrap-signer",
        "namespace": "kube-system"
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "RoleBinding",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:controller:cloud-provider",
      "namespace": "kube-system"
    },
    "roleRef": {
      "apiGroup": "rbac.authorization.k8s.io",
      "kind": "Role",
      "name": "system:controller:cloud-provider"
    },
    "subjects": [
      {
        "kind": "ServiceAccount",
        "name": "cloud-provider",
        "namespace": "kube-system"
      }
    ]
  },
  {
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "RoleBinding",
    "metadata": {
      "annotations": {
        "rbac.authorization.kubernetes.io/autoupdate": "true"
      },
      "labels": {
        "kubernetes.io/bootstrapping": "rbac-defaults"
      },
      "name": "system:controller:token-cleaner",
      "namespace": "kube-system"
    },
    "roleRef": {
      "apiGroup": "rbac.authorization.k8s.io",
      "kind": "Role",
      "name": "system:controller:token-cleaner"
    },
    "subjects": [
      {
        "kind": "ServiceAccount",
        "name": "token-cleaner",
        "namespace": "kube-system"
      }
    ]
  }
];
