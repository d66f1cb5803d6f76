/**
 * The web site: a private S3 bucket behind CloudFront (origin access control), client-side routes answered
 * with index.html, /api/* passed to the HTTP API uncached with the viewer's headers (plus the origin secret and
 * the viewer's address), the WAF web ACL in front of all of it, security headers on every response (the camera
 * allowed on the yard's pages only), and
 * /config.json written at deploy time from the stack's own values.
 */
import { Duration, Fn } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RuntimeConfig } from '../shared/runtime-config';
import { EDGE_HEADERS } from '../functions/routes';
import { NOT_FOUND_METADATA, NOT_FOUND_STATUS_CODE, SPA_FALLBACK_CODE, VIEWER_ADDRESS_CODE } from './edge-functions';
import { NOT_FOUND_FILE, SPA_SHELL_FILE } from '../shared/prerendered-paths';
import type { Environment } from './environments';
import { removalPolicy } from './removal';
import { CAMERA_PATH_PATTERNS, YARD_PERMISSIONS_POLICY } from '../shared/security-headers';
import { SECURITY_CUSTOM_HEADERS, securityCustomHeaders, securityHeaders, siteContentSecurityPolicy, type CspSources } from './security-headers';

export const RUNTIME_CONFIG_KEY = 'config.json';
const ONE_YEAR = Duration.days(365);

export class Site extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  readonly headers: ResponseHeadersPolicy;
  /** Set when web/dist was deployed with this synth. */
  siteFiles: BucketDeployment | null = null;
  runtimeConfig: BucketDeployment | null = null;
  private readonly env: Environment;

  constructor(
    scope: Construct,
    id: string,
    props: {
      env: Environment;
      httpApi: HttpApi;
      csp: CspSources;
      /** Sent with every API request; the handler stack refuses requests without it (functions/lib/origin.ts). */
      originSecretValue: string;
      /** The WAF web ACL (scope CLOUDFRONT, in us-east-1: infra/edge-protection.ts). */
      webAclArn: string;
    },
  ) {
    super(scope, id);
    const { env } = props;
    this.env = env;

    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // The site is rebuilt from the repository on every deploy; nothing in this bucket needs keeping.
      removalPolicy: removalPolicy({ ...env, removalPolicy: 'destroy' }),
      autoDeleteObjects: true,
    });

    const csp = siteContentSecurityPolicy(props.csp);
    this.headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: `${env.namePrefix}-security-headers`,
      comment: 'CSP, HSTS and friends for every response of the site',
      securityHeadersBehavior: securityHeaders(csp),
      customHeadersBehavior: {
        customHeaders: SECURITY_CUSTOM_HEADERS,
      },
      removeHeaders: ['Server'],
    });
    // The yard's pages (CAMERA_PATH_PATTERNS) scan passes with the phone's camera: the same headers, the camera allowed
    // for the site's own origin. Their behaviours choose it by the viewer's path, before the SPA fallback rewrites it.
    const yardHeaders = new ResponseHeadersPolicy(this, 'YardSecurityHeaders', {
      responseHeadersPolicyName: `${env.namePrefix}-yard-security-headers`,
      comment: 'The security headers, with the camera allowed for the site itself: the yard scans passes',
      securityHeadersBehavior: securityHeaders(csp),
      customHeadersBehavior: {
        customHeaders: securityCustomHeaders(YARD_PERMISSIONS_POLICY),
      },
      removeHeaders: ['Server'],
    });
    // Vite's assets/ files carry a content hash in their names, so they can be cached for good.
    const immutableHeaders = new ResponseHeadersPolicy(this, 'ImmutableAssetHeaders', {
      responseHeadersPolicyName: `${env.namePrefix}-immutable-assets`,
      comment: 'Security headers plus a year of browser caching for content-hashed files',
      securityHeadersBehavior: securityHeaders(csp),
      customHeadersBehavior: {
        customHeaders: [
          ...SECURITY_CUSTOM_HEADERS,
          { header: 'Cache-Control', value: `public, max-age=${ONE_YEAR.toSeconds()}, immutable`, override: true },
        ],
      },
      removeHeaders: ['Server'],
    });
    const immutableCache = new CachePolicy(this, 'ImmutableAssetCache', {
      cachePolicyName: `${env.namePrefix}-immutable-assets`,
      comment: 'Content-hashed files never change under the same name',
      minTtl: ONE_YEAR,
      defaultTtl: ONE_YEAR,
      maxTtl: ONE_YEAR,
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      functionName: `${env.namePrefix}-spa-fallback`,
      comment: 'Client-side routes are answered with index.html',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SPA_FALLBACK_CODE),
    });

    const notFoundStatus = new CloudFrontFunction(this, 'NotFoundStatus', {
      functionName: `${env.namePrefix}-not-found-status`,
      comment: 'Unknown paths get the SPA shell with 404',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(NOT_FOUND_STATUS_CODE),
    });

    const siteOrigin = S3BucketOrigin.withOriginAccessControl(this.bucket);
    // The execute-api host, taken apart from the endpoint URL so nothing but the API resource is referenced.
    const apiHost = Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint));
    const apiOrigin = new HttpOrigin(apiHost, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      readTimeout: Duration.seconds(30),
      // A CloudFormation dynamic reference: the value is resolved at deploy time and never written in the template.
      customHeaders: { [EDGE_HEADERS.originSecret]: props.originSecretValue },
    });
    const viewerAddress = new CloudFrontFunction(this, 'ViewerAddress', {
      functionName: `${env.namePrefix}-viewer-address`,
      comment: "Tells the API the viewer's own address (request budgets)",
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(VIEWER_ADDRESS_CODE),
    });

    // The site's pages: the SPA fallback's rewrite to a page's file, and the not-found copy answered with 404.
    const pageBehavior = (responseHeadersPolicy: ResponseHeadersPolicy): BehaviorOptions => ({
      origin: siteOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy,
      functionAssociations: [
        { function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST },
        { function: notFoundStatus, eventType: FunctionEventType.VIEWER_RESPONSE },
      ],
      compress: true,
    });

    const apiBehavior: BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      // Everything the viewer sent (Authorization, Stripe-Signature, query) except Host, which API Gateway must see as its own.
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: this.headers,
      functionAssociations: [{ function: viewerAddress, eventType: FunctionEventType.VIEWER_REQUEST }],
      compress: true,
    };

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Runway Parking ${env.name}`,
      defaultRootObject: 'index.html',
      priceClass: PriceClass.PRICE_CLASS_ALL, // Australia and New Zealand edges are only in the 'all' class.
      httpVersion: HttpVersion.HTTP2_AND_3,
      enableIpv6: true,
      webAclId: props.webAclArn,
      // With CloudFront's default certificate the protocol floor is fixed; with our own it is TLS 1.2.
      ...(env.domain
        ? {
            domainNames: [env.domain.name],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', env.domain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultBehavior: pageBehavior(this.headers),
      additionalBehaviors: {
        '/api/*': apiBehavior,
        ...Object.fromEntries(CAMERA_PATH_PATTERNS.map((pattern) => [pattern, pageBehavior(yardHeaders)])),
        '/assets/*': {
          origin: siteOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: immutableCache,
          responseHeadersPolicy: immutableHeaders,
          compress: true,
        },
      },
    });
  }

  /**
   * Uploads the built SPA (when `webDist` holds one) and writes /config.json. The config is its own
   * deployment so it is never cached and a site upload's pruning leaves it alone.
   */
  deployContent(props: { webDist: string | null; config: RuntimeConfig }): void {
    const logs = new LogGroup(this, 'DeploymentLogs', { retention: this.env.logRetentionDays, removalPolicy: removalPolicy(this.env) });
    // Only a complete build (it has index.html) is uploaded; pruning would otherwise empty the live site.
    if (props.webDist && existsSync(path.join(props.webDist, 'index.html'))) {
      this.siteFiles = new BucketDeployment(this, 'SiteFiles', {
        // Source maps hold the full source: they stay with the build (the bundles name none, see vite.config.ts).
        // The .gz files are the local server's (local/precompress.ts): CloudFront compresses by itself.
        sources: [Source.asset(props.webDist, { exclude: [RUNTIME_CONFIG_KEY, '.vite', '*.map', '**/*.map', '*.gz', '**/*.gz'] })],
        destinationBucket: this.bucket,
        // Pruning leaves the config and the not-found page (their own deployments) alone.
        exclude: [RUNTIME_CONFIG_KEY, NOT_FOUND_FILE],
        prune: true,
        // Browsers revalidate pages; /assets/* get a year from the response headers policy instead.
        cacheControl: [CacheControl.fromString('public, max-age=0, must-revalidate')],
        distribution: this.distribution,
        distributionPaths: ['/*'],
        logGroup: logs,
        memoryLimit: 512,
      });
      // The shell again, for unknown paths: its metadata makes the viewer-response function answer it with 404.
      new BucketDeployment(this, 'NotFoundPage', {
        sources: [Source.data(NOT_FOUND_FILE, readFileSync(path.join(props.webDist, SPA_SHELL_FILE), 'utf8'))],
        destinationBucket: this.bucket,
        prune: false,
        metadata: { ...NOT_FOUND_METADATA },
        cacheControl: [CacheControl.fromString('public, max-age=0, must-revalidate')],
        distribution: this.distribution,
        distributionPaths: [`/${NOT_FOUND_FILE}`],
        logGroup: logs,
      });
    }
    this.runtimeConfig = new BucketDeployment(this, 'RuntimeConfig', {
      sources: [Source.jsonData(RUNTIME_CONFIG_KEY, props.config)],
      destinationBucket: this.bucket,
      prune: false,
      cacheControl: [CacheControl.noStore()],
      distribution: this.distribution,
      distributionPaths: [`/${RUNTIME_CONFIG_KEY}`],
      logGroup: logs,
      memoryLimit: 512,
    });
    if (this.siteFiles) this.runtimeConfig.node.addDependency(this.siteFiles);
  }

  /** The site's public origin at deploy time: the custom domain, or CloudFront's own domain. */
  origin(): string {
    return this.env.domain ? `https://${this.env.domain.name}` : `https://${this.distribution.distributionDomainName}`;
  }
}
