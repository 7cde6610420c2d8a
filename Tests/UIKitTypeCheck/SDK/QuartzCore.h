// QuartzCore: the layer properties the layer sets, the display link that paces it, its clock, and the animations
// that hand settling motion to the render server.
#import "CoreGraphics.h"
#import "Foundation.h"

#pragma clang assume_nonnull begin

typedef double CFTimeInterval;

CFTimeInterval CACurrentMediaTime(void) SK_IOS(2.0);

@class CAAnimation;

typedef SK_OPTIONS(NSUInteger, CACornerMask){
    kCALayerMinXMinYCorner = 1U << 0,
    kCALayerMaxXMinYCorner = 1U << 1,
    kCALayerMinXMaxYCorner = 1U << 2,
    kCALayerMaxXMaxYCorner = 1U << 3,
};

SK_IOS(2.0)
@interface CALayer : NSObject
- (CFTimeInterval)convertTime:(CFTimeInterval)t fromLayer:(nullable CALayer *)l;
- (void)addAnimation:(CAAnimation *)anim forKey:(nullable NSString *)key;
- (void)removeAnimationForKey:(NSString *)key;
- (void)removeAllAnimations;
@property CGPoint anchorPoint;
@property (nullable, strong) id contents;
@property CGFloat zPosition;
@property CGFloat cornerRadius;
@property CACornerMask maskedCorners SK_IOS(11.0);
@property BOOL masksToBounds;
@property float shadowOpacity;
@property CGFloat shadowRadius;
@property CGSize shadowOffset;
@property (nullable) CGPathRef shadowPath;
@end

typedef NSString *CAMediaTimingFillMode SK_STRING_ENUM SK_IOS(2.0);

extern CAMediaTimingFillMode const kCAFillModeBackwards SK_IOS(2.0) SK_NAME("CAMediaTimingFillMode.backwards");

SK_IOS(2.0)
@protocol CAMediaTiming
@property CFTimeInterval beginTime;
@property CFTimeInterval duration;
@property (copy) CAMediaTimingFillMode fillMode;
@end

SK_IOS(2.0)
@interface CAMediaTimingFunction : NSObject
- (instancetype)initWithControlPoints:(float)c1x :(float)c1y :(float)c2x :(float)c2y;
@end

SK_IOS(2.0)
@interface CAAnimation : NSObject <CAMediaTiming>
@property (nullable, strong) CAMediaTimingFunction *timingFunction;
@end

SK_IOS(2.0)
@interface CAPropertyAnimation : CAAnimation
+ (instancetype)animationWithKeyPath:(nullable NSString *)path;
@end

SK_IOS(2.0)
@interface CABasicAnimation : CAPropertyAnimation
@property (nullable, strong) id fromValue;
@property (nullable, strong) id toValue;
@end

SK_IOS(2.0)
@interface CAKeyframeAnimation : CAPropertyAnimation
@property (nullable, copy) NSArray *values;
@property (nullable, copy) NSArray<NSNumber *> *keyTimes;
@end

SK_IOS(9.0)
@interface CASpringAnimation : CABasicAnimation
@property CGFloat mass;
@property CGFloat stiffness;
@property CGFloat damping;
@property CGFloat initialVelocity;
@end

struct CAFrameRateRange {
  float minimum;
  float maximum;
  float preferred;
} SK_IOS(15.0);
typedef struct CAFrameRateRange CAFrameRateRange SK_IOS(15.0);

extern const CAFrameRateRange CAFrameRateRangeDefault SK_IOS(15.0) SK_NAME("CAFrameRateRange.default");

SK_IOS(3.1)
@interface CADisplayLink : NSObject
+ (CADisplayLink *)displayLinkWithTarget:(id)target selector:(SEL)sel;
- (void)addToRunLoop:(NSRunLoop *)runloop forMode:(NSRunLoopMode)mode;
- (void)invalidate;
@property (readonly, nonatomic) CFTimeInterval targetTimestamp SK_IOS(10.0);
@property (nonatomic) CAFrameRateRange preferredFrameRateRange SK_IOS(15.0);
@end

#pragma clang assume_nonnull end
